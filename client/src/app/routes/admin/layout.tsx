import { consoleMeQuery } from "../../../features/console/console.queries";
import { ConsoleLayout } from "../../../features/console/console-layout";
import type { RouteQueries } from "../../route-data";

export function Component() {
  return <ConsoleLayout />;
}

/** Who is signed in (answered null when nobody is). */
export const queries: RouteQueries = () => [consoleMeQuery];
