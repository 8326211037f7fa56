import { ConsoleLayout } from "../../../features/console/console-layout";

export function Component() {
  return <ConsoleLayout />;
}
