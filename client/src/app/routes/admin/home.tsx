import { consoleMeQuery } from "../../../features/console/console.queries";
import { ConsoleHome } from "../../../features/console/console-home";
import type { RouteQueries } from "../../route-data";

export function Component() {
  return <ConsoleHome />;
}

export const queries: RouteQueries = () => [consoleMeQuery];
