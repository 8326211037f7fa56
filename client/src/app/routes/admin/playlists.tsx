import { ConsolePlaylistsPage } from "../../../features/console-playlists/console-playlists-page";

export function Component() {
  return <ConsolePlaylistsPage />;
}
