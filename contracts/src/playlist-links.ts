// A playlist's own address on its platform: apart from the listening services' links
// (listening-services.ts), so that a page of playlist cards loads only this.

/**
 * A playlist's own page on its platform, from the platform's playlist id; null without one (the
 * club's own playlists exist only here: a search for their title would find nothing real).
 */
export function playlistUrl(platform: string, platformId: string | null): string | null {
  if (!platformId) return null;
  const id = encodeURIComponent(platformId);
  switch (platform) {
    case "Spotify":
      return `https://open.spotify.com/playlist/${id}`;
    case "Apple Music":
      return `https://music.apple.com/us/playlist/${id}`;
    case "YouTube Music":
      return `https://music.youtube.com/playlist?list=${id}`;
    default:
      return null;
  }
}
