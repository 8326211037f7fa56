import type { PlaylistPlatform } from "@waveform/contracts/catalogue";

/** A platform's search page for an item we have no platform id for (ARCHITECTURE §5). */
export function platformSearchUrl(platform: PlaylistPlatform, query: string): string {
  const q = encodeURIComponent(query);
  switch (platform) {
    case "Spotify":
      return `https://open.spotify.com/search/${q}`;
    case "Apple Music":
      return `https://music.apple.com/us/search?term=${q}`;
    case "YouTube Music":
      return `https://music.youtube.com/search?q=${q}`;
  }
}
