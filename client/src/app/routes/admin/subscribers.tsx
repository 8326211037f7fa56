import { consoleSubscribersQuery } from "../../../features/console-subscribers/console-subscribers.queries";
import { ConsoleSubscribersPage } from "../../../features/console-subscribers/console-subscribers-page";
import type { RouteQueries } from "../../route-data";

export function Component() {
  return <ConsoleSubscribersPage />;
}

/** The list's first page, unsearched (searching and paging are the page's own). */
export const queries: RouteQueries = () => [consoleSubscribersQuery("", 1)];
