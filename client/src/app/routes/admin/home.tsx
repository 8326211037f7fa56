import { consoleMeQuery } from "../../../features/console/console.queries";
import { ConsoleHome } from "../../../features/console/console-home";
import { builtConsolePages } from "../../console-router";
import type { RouteQueries } from "../../route-data";

export function Component() {
  return <ConsoleHome builtPages={builtConsolePages} />;
}

export const queries: RouteQueries = () => [consoleMeQuery];
