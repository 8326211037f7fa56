import { ConsoleLayout } from "../../../features/console/console-layout";
import { builtConsolePages } from "../../console-router";

export function Component() {
  return <ConsoleLayout builtPages={builtConsolePages} />;
}
