import { consoleReleasesQuery } from "../../../features/console-releases/console-releases.queries";
import { ConsoleReleasesPage } from "../../../features/console-releases/console-releases-page";
import type { RouteQueries } from "../../route-data";

export function Component() {
  return <ConsoleReleasesPage />;
}

/** The list's first page, unsearched (searching and paging are the page's own). */
export const queries: RouteQueries = () => [consoleReleasesQuery({ q: "", page: 1, limit: 20 })];
