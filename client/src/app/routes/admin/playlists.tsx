import { consolePlaylistsQuery } from "../../../features/console-playlists/console-playlists.queries";
import { ConsolePlaylistsPage } from "../../../features/console-playlists/console-playlists-page";
import type { RouteQueries } from "../../route-data";

export function Component() {
  return <ConsolePlaylistsPage />;
}

/** The list's first page, unsearched (searching and paging are the page's own). */
export const queries: RouteQueries = () => [consolePlaylistsQuery({ q: "", page: 1, limit: 20 })];
