import { ConsoleHome } from "../../../features/console/console-home";
import { builtConsolePages } from "../../console-router";

export function Component() {
  return <ConsoleHome builtPages={builtConsolePages} />;
}
