import type { Playlist } from "@waveform/contracts/playlists";

export const PLATFORM_TABS = ["All Playlists", "Spotify", "Apple Music", "YouTube Music"] as const;
export type PlatformTab = (typeof PLATFORM_TABS)[number];

/**
 * SPEC §5: a case-insensitive substring search over title, description and genre, and a platform
 * tab that matches the exact platform name.
 */
export function filterPlaylists(playlists: Playlist[], search: string, tab: PlatformTab): Playlist[] {
  const needle = search.trim().toLowerCase();
  return playlists.filter(
    (playlist) =>
      (tab === "All Playlists" || playlist.platform === tab) &&
      (!needle ||
        playlist.title.toLowerCase().includes(needle) ||
        playlist.description.toLowerCase().includes(needle) ||
        playlist.genre.toLowerCase().includes(needle)),
  );
}
