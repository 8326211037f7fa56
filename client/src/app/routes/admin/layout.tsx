import { consoleMeQuery } from "../../../features/console/console.queries";
import { ConsoleLayout } from "../../../features/console/console-layout";
import { builtConsolePages } from "../../console-router";
import type { RouteQueries } from "../../route-data";

export function Component() {
  return <ConsoleLayout builtPages={builtConsolePages} />;
}

/** Who is signed in (answered null when nobody is). */
export const queries: RouteQueries = () => [consoleMeQuery];
