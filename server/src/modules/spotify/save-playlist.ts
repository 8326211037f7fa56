import type { CreatedSpotifyPlaylist } from "@waveform/contracts/spotify";
import pMap from "p-map";
import type { SpotifyApi } from "../../integrations/spotify/spotify-api";
import { SpotifyError } from "../../integrations/spotify/spotify-errors";
import { HttpError } from "../../plugins/errors";
import type { SourceTrack } from "./playlist-source.repository";
import { budgetSpentError, type SearchBudget, SearchBudgetSpent } from "./search-budget";
import { songKey, type TrackLookups } from "./track-lookups";

/** Searches in flight at once: quick for a 100-track playlist, gentle on Spotify's rate limit. */
const SEARCH_CONCURRENCY = 4;

/** A track left unsearched because the visitor's search budget was spent. */
const NOT_SEARCHED = Symbol("not searched");

/** How the tracks without a stored URI are found: what is known, the budget, where answers are kept. */
interface TrackFinding {
  lookups: TrackLookups;
  budget: SearchBudget;
  /** Called with how many curated rows got an id from this save's searches (when any did). */
  onRowsResolved?: (rows: number) => Promise<void>;
}

/**
 * Finds each track on Spotify, then creates the playlist and adds what was found. A stored URI
 * is used as it is; then what the background resolver (or an earlier save) learnt; only the rest
 * is searched for, each song once, within the visitor's search budget, and what the searches
 * answer is kept. Searching comes first, so a search failure leaves nothing half-made. Tracks the
 * budget left unsearched are counted in `notSearched`; if it left nothing found, no playlist is
 * made and the answer is 429 with a sentence.
 */
export async function savePlaylist(
  api: SpotifyApi,
  input: { name: string; description?: string | undefined; public: boolean; tracks: SourceTrack[] },
  finding: TrackFinding,
): Promise<CreatedSpotifyPlaylist> {
  const known = await finding.lookups.known(input.tracks.filter((track) => !track.spotifyUri));
  const searches = new Map<string, Promise<string | null | typeof NOT_SEARCHED>>();
  let rowsResolved = 0;
  const search = async (track: SourceTrack) => {
    try {
      const match = await api.findTrackMatch(track.title, track.artist, finding.budget.take);
      rowsResolved += await finding.lookups.keep(track, match);
      return match?.uri ?? null;
    } catch (error) {
      if (error instanceof SearchBudgetSpent) return NOT_SEARCHED;
      throw error;
    }
  };
  // Results keep the tracks' order; after the first failure no further search starts.
  const uris = await pMap(
    input.tracks,
    (track) => {
      if (track.spotifyUri) return track.spotifyUri;
      const key = songKey(track);
      const stored = known.get(key);
      if (stored !== undefined) return stored;
      let searched = searches.get(key);
      if (!searched) {
        searched = search(track);
        searches.set(key, searched);
      }
      return searched;
    },
    { concurrency: SEARCH_CONCURRENCY },
  );
  if (rowsResolved > 0) await finding.onRowsResolved?.(rowsResolved);
  const notFound = input.tracks
    .filter((_, index) => uris[index] === null)
    .map(({ title, artist }) => ({ title, artist }));
  const notSearched = uris.filter((uri) => uri === NOT_SEARCHED).length;
  const found = uris.filter((uri): uri is string => typeof uri === "string");
  if (found.length === 0) {
    const spent = finding.budget.spent;
    if (spent) throw budgetSpentError(spent);
    throw new HttpError(422, "Spotify found none of these tracks, so no playlist was created.");
  }

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
  return {
    id: created.id,
    name: created.name,
    url: created.url,
    tracksAdded: found.length,
    notFound,
    ...(notSearched > 0 && { notSearched }),
  };
}
