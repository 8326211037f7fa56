import type { PlaylistReading } from "@waveform/contracts/playlists";

/** Tab values are slugs (they end up in element ids); labels are the platforms' names. */
export const PLATFORM_TABS = [
  { value: "all", label: "All Playlists" },
  { value: "spotify", label: "Spotify" },
  { value: "apple-music", label: "Apple Music" },
  { value: "youtube-music", label: "YouTube Music" },
] as const;
export type PlatformTab = (typeof PLATFORM_TABS)[number]["value"];

const platformOf = (tab: PlatformTab) => PLATFORM_TABS.find((entry) => entry.value === tab)?.label;

/**
 * A case-insensitive substring search over title, description and genre, and a platform
 * tab that matches the exact platform name.
 */
export function filterPlaylists(
  playlists: PlaylistReading[],
  search: string,
  tab: PlatformTab,
): PlaylistReading[] {
  const needle = search.trim().toLowerCase();
  return playlists.filter(
    (playlist) =>
      (tab === "all" || playlist.platform === platformOf(tab)) &&
      (!needle ||
        playlist.title.toLowerCase().includes(needle) ||
        playlist.description.toLowerCase().includes(needle) ||
        playlist.genre.toLowerCase().includes(needle)),
  );
}
