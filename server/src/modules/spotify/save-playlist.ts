import type { CreatedSpotifyPlaylist } from "@waveform/contracts/spotify";
import pMap from "p-map";
import type { SpotifyApi } from "../../integrations/spotify/spotify-api";
import { SpotifyError } from "../../integrations/spotify/spotify-errors";
import { HttpError } from "../../plugins/errors";
import type { SourceTrack } from "./playlist-source.repository";

/** Searches in flight at once: quick for a 100-track playlist, gentle on Spotify's rate limit. */
export const SEARCH_CONCURRENCY = 4;

/**
 * Finds each track on Spotify (a stored URI is used as it is), then creates the playlist and adds
 * what was found. Searching comes first, so a search failure leaves nothing half-made.
 */
export async function savePlaylist(
  api: SpotifyApi,
  input: { name: string; description?: string | undefined; public: boolean; tracks: SourceTrack[] },
): Promise<CreatedSpotifyPlaylist> {
  // Results keep the tracks' order; after the first failure no further search starts.
  const uris = await pMap(
    input.tracks,
    (track) => track.spotifyUri ?? api.findTrack(track.title, track.artist),
    { concurrency: SEARCH_CONCURRENCY },
  );
  const notFound = input.tracks
    .filter((_, index) => uris[index] === null)
    .map(({ title, artist }) => ({ title, artist }));
  const found = uris.filter((uri): uri is string => uri !== null);
  if (found.length === 0)
    throw new HttpError(422, "Spotify found none of these tracks, so no playlist was created.");

  const created = await api.createPlaylist(input);
  try {
    await api.addItems(created.id, found);
  } catch (error) {
    if (!(error instanceof SpotifyError)) throw error;
    throw new SpotifyError(
      error.failure,
      `The playlist "${created.name}" was created, but its tracks could not all be added. ${error.message}`,
      error.retryAfterSeconds,
      { cause: error },
    );
  }
  return { id: created.id, name: created.name, url: created.url, tracksAdded: found.length, notFound };
}
