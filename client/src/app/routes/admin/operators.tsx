import { OperatorsPage } from "../../../features/console/operators-page";

export function Component() {
  return <OperatorsPage />;
}
