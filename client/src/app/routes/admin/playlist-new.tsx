import { NewPlaylistPage } from "../../../features/console-playlists/new-playlist-page";

export function Component() {
  return <NewPlaylistPage />;
}
