import * as z from "zod/mini";
import { fromFetchFailure, fromStatus, SPOTIFY_MESSAGES, SpotifyError } from "./spotify-errors";
import { SPOTIFY_TIMEOUT_MS } from "./spotify-oauth";

/** Where the client gets a bearer token, and a fresh one after Spotify answers 401. */
export interface AccessTokenSource {
  current(): Promise<string>;
  refresh(): Promise<string>;
}

interface SpotifyApiOptions {
  apiUrl: string;
  tokens: AccessTokenSource;
  timeoutMs?: number;
  /** A 429 whose Retry-After is at most this many seconds is waited out once; longer ones fail. */
  maxRetryAfterSeconds?: number;
}

/** Spotify's limit for one add-items request (NOTES §5). */
const ITEMS_PER_REQUEST = 100;
/** Results per /search for a visitor's playlist (Spotify's default since February 2026). */
const SEARCH_LIMIT = 5;
/** Spotify's /search maximum per type since February 2026 (NOTES §6); above it is an error. */
const SEARCH_LIMIT_MAX = 10;

const MeSchema = z.object({ id: z.string(), display_name: z.nullish(z.string()) });
const SearchSchema = z.object({
  tracks: z.object({
    items: z.array(
      z.object({ uri: z.string(), name: z.string(), artists: z.array(z.object({ name: z.string() })) }),
    ),
  }),
});
const SearchItemsSchema = z.array(
  z.object({ uri: z.string(), name: z.string(), artists: z.array(z.object({ name: z.string() })) }),
);
const TypedSearchSchema = z.object({
  tracks: z.optional(z.object({ items: SearchItemsSchema })),
  albums: z.optional(z.object({ items: SearchItemsSchema })),
});
/** A track or album from /search: what the background resolver compares. */
export type SearchItem = z.infer<typeof SearchItemsSchema>[number];

const CreatedPlaylistSchema = z.object({
  id: z.string(),
  name: z.string(),
  external_urls: z.object({ spotify: z.string() }),
});

interface Call<T> {
  method: "GET" | "POST";
  path: string;
  query?: Record<string, string>;
  body?: unknown;
  schema: z.ZodMiniType<T>;
}

const ImageSchema = z.object({ url: z.string() });
/** A playlist item (`item`, formerly `track`); episodes and local files have no artists. */
const PlaylistItemSchema = z.object({
  item: z.nullish(
    z.object({
      type: z.optional(z.string()),
      uri: z.string(),
      name: z.string(),
      duration_ms: z.optional(z.number()),
      artists: z.optional(z.array(z.object({ name: z.string() }))),
    }),
  ),
});
const PlaylistItemsSchema = z.object({
  items: z.array(PlaylistItemSchema),
  next: z.nullish(z.string()),
  total: z.number(),
});
/** GET /playlists/{id}: `items` replaced `tracks` in February 2026 (NOTES §1); ours reads `items`. */
const PlaylistSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.nullish(z.string()),
  images: z.nullish(z.array(ImageSchema)),
  items: z.optional(PlaylistItemsSchema),
});
type SpotifyPlaylist = z.infer<typeof PlaylistSchema>;
export type SpotifyPlaylistItems = z.infer<typeof PlaylistItemsSchema>;

/** Seconds from a Retry-After header (delta-seconds or an HTTP date); 1 when absent or unreadable. */
export function retryAfterSeconds(header: string | null, now = Date.now()): number {
  if (header && /^\d+$/.test(header.trim())) return Number(header.trim());
  const date = header ? Date.parse(header) : Number.NaN;
  return Number.isNaN(date) ? 1 : Math.max(0, Math.ceil((date - now) / 1000));
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const normalise = (text: string) =>
  text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();

/** Search text for a field filter: Spotify's query syntax has no escape for a double quote. */
export const quoted = (text: string) => `"${text.replaceAll('"', " ").trim()}"`;

/**
 * The Spotify Web API calls this site makes, each with a timeout; one 401 triggers one token
 * refresh and retry, one short 429 is waited out, and every failure is a SpotifyError whose message
 * a visitor can read.
 */
export function createSpotifyApi(options: SpotifyApiOptions) {
  const timeoutMs = options.timeoutMs ?? SPOTIFY_TIMEOUT_MS;
  const maxWait = options.maxRetryAfterSeconds ?? 5;

  async function call<T>({ method, path, query, body, schema }: Call<T>, notFoundIsNull = false): Promise<T> {
    const url = new URL(`${options.apiUrl}${path}`);
    if (query) url.search = new URLSearchParams(query).toString();
    let token = await options.tokens.current();
    let refreshed = false;
    let waited = false;
    for (;;) {
      let response: Response;
      let text: string;
      try {
        response = await fetch(url, {
          method,
          headers: {
            authorization: `Bearer ${token}`,
            accept: "application/json",
            ...(body === undefined ? {} : { "content-type": "application/json" }),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: AbortSignal.timeout(timeoutMs),
        });
        // Read inside the try: the timeout also covers a body that trickles in.
        text = await response.text();
      } catch (error) {
        throw fromFetchFailure(error);
      }
      if (response.status === 401 && !refreshed) {
        refreshed = true;
        token = await options.tokens.refresh();
        continue;
      }
      if (response.status === 429) {
        const seconds = retryAfterSeconds(response.headers.get("retry-after"));
        if (!waited && seconds <= maxWait) {
          waited = true;
          await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
          continue;
        }
        throw new SpotifyError("rate-limited", SPOTIFY_MESSAGES.rateLimited(seconds), seconds);
      }
      if (response.status === 404 && notFoundIsNull) return null as T;
      if (!response.ok) throw fromStatus(response.status);
      const parsed = schema.safeParse(parseJson(text));
      if (!parsed.success) throw new SpotifyError("unexpected", SPOTIFY_MESSAGES.unexpected);
      return parsed.data;
    }
  }

  async function search(q: string) {
    const answer = await call({
      method: "GET",
      path: "/search",
      query: { q, type: "track", limit: String(SEARCH_LIMIT) },
      schema: SearchSchema,
    });
    return answer.tracks.items;
  }

  /**
   * findTrack's answer as the track Spotify gave (its name and artists too), or null.
   * `beforeSearch` runs before each /search (one or two) and may throw to stop the lookup: a
   * visitor's search budget (modules/spotify/search-budget.ts).
   */
  async function findTrackMatch(
    title: string,
    artist: string,
    beforeSearch: () => Promise<void> = async () => {},
  ): Promise<SearchItem | null> {
    await beforeSearch();
    const exact = await search(`track:${quoted(title)} artist:${quoted(artist)}`);
    if (exact[0]) return exact[0];
    const wanted = normalise(artist);
    await beforeSearch();
    const loose = await search(`${title} ${artist}`.replaceAll('"', " "));
    return loose.find((track) => track.artists.some((a) => normalise(a.name) === wanted)) ?? null;
  }

  return {
    /** One /search for tracks or albums, at most SEARCH_LIMIT_MAX of them, in Spotify's order. */
    async searchItems(type: "track" | "album", q: string, limit = SEARCH_LIMIT_MAX): Promise<SearchItem[]> {
      const answer = await call({
        method: "GET",
        path: "/search",
        query: { q, type, limit: String(Math.min(Math.max(1, limit), SEARCH_LIMIT_MAX)) },
        schema: TypedSearchSchema,
      });
      return (type === "track" ? answer.tracks : answer.albums)?.items ?? [];
    },

    /** The connected account: its id and the name to show ("Logged in as …"). */
    async me(): Promise<{ id: string; displayName: string }> {
      const me = await call({ method: "GET", path: "/me", schema: MeSchema });
      return { id: me.id, displayName: me.display_name || me.id };
    },

    /**
     * The URI of the recording with this title by this artist, or null. The field-filter query is
     * precise; when it finds nothing (punctuation or "feat." differences) a plain query is tried,
     * and its answer is only trusted when one of the track's artists matches.
     */
    async findTrack(title: string, artist: string): Promise<string | null> {
      return (await findTrackMatch(title, artist))?.uri ?? null;
    },

    findTrackMatch,

    async createPlaylist(input: { name: string; description?: string | undefined; public: boolean }) {
      const created = await call({
        method: "POST",
        path: "/me/playlists",
        body: { name: input.name, public: input.public, description: input.description ?? "" },
        schema: CreatedPlaylistSchema,
      });
      return { id: created.id, name: created.name, url: created.external_urls.spotify };
    },

    /** A playlist with its first page of items, or null when Spotify has none with this id. */
    async playlist(id: string): Promise<SpotifyPlaylist | null> {
      return call<SpotifyPlaylist | null>(
        { method: "GET", path: `/playlists/${encodeURIComponent(id)}`, schema: z.nullable(PlaylistSchema) },
        true,
      );
    },

    /** One page of a playlist's items (at most 100 from `offset`). */
    async playlistItems(id: string, offset: number): Promise<SpotifyPlaylistItems> {
      return call({
        method: "GET",
        path: `/playlists/${encodeURIComponent(id)}/items`,
        query: { offset: String(offset), limit: String(ITEMS_PER_REQUEST) },
        schema: PlaylistItemsSchema,
      });
    },

    /** Appends the URIs in order, in requests of at most 100 (Spotify's limit). */
    async addItems(playlistId: string, uris: string[]): Promise<void> {
      for (let start = 0; start < uris.length; start += ITEMS_PER_REQUEST) {
        await call({
          method: "POST",
          path: `/playlists/${encodeURIComponent(playlistId)}/items`,
          body: { uris: uris.slice(start, start + ITEMS_PER_REQUEST) },
          schema: z.object({ snapshot_id: z.string() }),
        });
      }
    },
  };
}

export type SpotifyApi = ReturnType<typeof createSpotifyApi>;
