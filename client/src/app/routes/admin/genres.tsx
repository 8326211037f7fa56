import { consoleGenresQuery } from "../../../features/console-genres/console-genres.queries";
import { ConsoleGenresPage } from "../../../features/console-genres/console-genres-page";
import type { RouteQueries } from "../../route-data";

export function Component() {
  return <ConsoleGenresPage />;
}

export const queries: RouteQueries = () => [consoleGenresQuery];
