import { genreChoicesQuery } from "../../../features/console-playlists/console-playlists.queries";
import { NewPlaylistPage } from "../../../features/console-playlists/new-playlist-page";
import type { RouteQueries } from "../../route-data";

export function Component() {
  return <NewPlaylistPage />;
}

export const queries: RouteQueries = () => [genreChoicesQuery];
