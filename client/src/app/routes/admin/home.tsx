import { ConsoleHome } from "../../../features/console/console-home";

export function Component() {
  return <ConsoleHome />;
}
