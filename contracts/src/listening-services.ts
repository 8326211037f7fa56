// The services a visitor can listen on, and how to open a track or a search on each. Plain values
// with no schema, so pages use them without loading zod.

export const LISTENING_SERVICES = [
  "Spotify",
  "Apple Music",
  "YouTube Music",
  "SoundCloud",
  "Deezer",
  "Tidal",
] as const;
export type ListeningService = (typeof LISTENING_SERVICES)[number];

export const isListeningService = (value: unknown): value is ListeningService =>
  LISTENING_SERVICES.includes(value as ListeningService);

/** A service's own search for `query` ("artist title" finds real recordings). */
export function serviceSearchUrl(service: ListeningService, query: string): string {
  const q = encodeURIComponent(query);
  switch (service) {
    case "Spotify":
      return `https://open.spotify.com/search/${q}`;
    case "Apple Music":
      return `https://music.apple.com/us/search?term=${q}`;
    case "YouTube Music":
      return `https://music.youtube.com/search?q=${q}`;
    case "SoundCloud":
      return `https://soundcloud.com/search/sounds?q=${q}`;
    case "Deezer":
      return `https://www.deezer.com/search/${q}`;
    case "Tidal":
      return `https://listen.tidal.com/search?q=${q}`;
  }
}

/** `spotify:track:<id>` → its open.spotify.com address; anything else → null. */
export function spotifyTrackUrl(spotifyUri: string | null): string | null {
  const id = spotifyUri?.match(/^spotify:track:([A-Za-z0-9]{22})$/)?.[1];
  return id ? `https://open.spotify.com/track/${id}` : null;
}

/**
 * Where 'Open in <service>' goes for a track: its exact address when the service's id is known
 * (Spotify track ids), else the service's search for "artist title".
 */
export function trackUrl(
  service: ListeningService,
  track: { title: string; artist: string; spotifyUri?: string | null },
): string {
  const exact = service === "Spotify" ? spotifyTrackUrl(track.spotifyUri ?? null) : null;
  return exact ?? serviceSearchUrl(service, `${track.artist} ${track.title}`);
}

/** `spotify:album:<id>` → its open.spotify.com address; anything else → null. */
export function spotifyAlbumUrl(spotifyUri: string | null): string | null {
  const id = spotifyUri?.match(/^spotify:album:([A-Za-z0-9]{22})$/)?.[1];
  return id ? `https://open.spotify.com/album/${id}` : null;
}

/** Where 'Open in <service>' goes for a release: the exact Spotify album when known, else a search. */
export function albumUrl(
  service: ListeningService,
  album: { title: string; artist: string; spotifyUri?: string | null },
): string {
  const exact = service === "Spotify" ? spotifyAlbumUrl(album.spotifyUri ?? null) : null;
  return exact ?? serviceSearchUrl(service, `${album.artist} ${album.title}`);
}
