import type { FakeAnswer } from "./fake-accounts";
import type { FakeAlbum, FakeTrack } from "./fake-catalogue";
import { searchCatalogue } from "./fake-catalogue";
import { publicPlaylistAnswer } from "./fake-public-playlists";
import { createPlaylist, type FakePlaylist, type FakeState, takeFailure } from "./fake-state";

const OPEN = "https://open.spotify.com";

/** The Web API error shape (NOTES §7): the status repeated in the body. */
export const apiError = (status: number, message: string, headers?: Record<string, string>): FakeAnswer => ({
  status,
  ...(headers ? { headers } : {}),
  body: { error: { status, message } },
});

const paging = <T>(href: string, items: T[], limit: number) => ({
  href,
  limit,
  next: null,
  offset: 0,
  previous: null,
  total: items.length,
  items,
});

function trackObject(track: FakeTrack, apiUrl: string) {
  const artistId = track.id.split("").reverse().join("");
  return {
    id: track.id,
    name: track.name,
    type: "track",
    uri: `spotify:track:${track.id}`,
    href: `${apiUrl}/tracks/${track.id}`,
    external_urls: { spotify: `${OPEN}/track/${track.id}` },
    duration_ms: track.durationMs,
    explicit: false,
    artists: [
      {
        id: artistId,
        name: track.artist,
        type: "artist",
        uri: `spotify:artist:${artistId}`,
        href: `${apiUrl}/artists/${artistId}`,
        external_urls: { spotify: `${OPEN}/artist/${artistId}` },
      },
    ],
  };
}

function albumObject(album: FakeAlbum, apiUrl: string) {
  const artistId = album.id.split("").reverse().join("");
  return {
    id: album.id,
    name: album.name,
    type: "album",
    album_type: "album",
    total_tracks: album.totalTracks,
    release_date: album.releaseDate,
    release_date_precision: "day",
    uri: `spotify:album:${album.id}`,
    href: `${apiUrl}/albums/${album.id}`,
    external_urls: { spotify: `${OPEN}/album/${album.id}` },
    images: [],
    artists: [
      {
        id: artistId,
        name: album.artist,
        type: "artist",
        uri: `spotify:artist:${artistId}`,
        href: `${apiUrl}/artists/${artistId}`,
        external_urls: { spotify: `${OPEN}/artist/${artistId}` },
      },
    ],
  };
}

function userObject(state: FakeState, apiUrl: string) {
  return {
    id: state.user.id,
    display_name: state.user.displayName,
    type: "user",
    uri: `spotify:user:${state.user.id}`,
    href: `${apiUrl}/users/${state.user.id}`,
    external_urls: { spotify: `${OPEN}/user/${state.user.id}` },
  };
}

function playlistObject(state: FakeState, playlist: FakePlaylist, apiUrl: string) {
  const items = paging(`${apiUrl}/playlists/${playlist.id}/items`, [], 100);
  return {
    id: playlist.id,
    name: playlist.name,
    description: playlist.description,
    public: playlist.public,
    collaborative: false,
    owner: { ...userObject(state, apiUrl), display_name: state.user.displayName },
    snapshot_id: `snapshot-${playlist.items.length}`,
    images: [],
    type: "playlist",
    uri: `spotify:playlist:${playlist.id}`,
    href: `${apiUrl}/playlists/${playlist.id}`,
    external_urls: { spotify: `${OPEN}/playlist/${playlist.id}` },
    items: { ...items, total: playlist.items.length },
    tracks: { ...items, total: playlist.items.length },
  };
}

const FAILURE_MESSAGES: Record<number, string> = {
  401: "The access token expired",
  403: "Forbidden",
  500: "Server error",
};

const TRACK_URI = /^spotify:(track|episode):[A-Za-z0-9]{22}$/;
/** Endpoints a new Development Mode app lost in February 2026 (NOTES §8): Spotify answers 403. */
const REMOVED = [/^\/users\/[^/]+\/playlists$/, /^\/playlists\/[^/]+\/tracks$/, /^\/browse\//, /^\/markets$/];

export interface ApiRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  authorization: string | undefined;
  body: unknown;
}

/** The /v1 routes the site uses, with Spotify's shapes and error bodies. */
export function webApi(state: FakeState, apiUrl: string, request: ApiRequest): FakeAnswer {
  const failure = takeFailure(state, "api");
  if (failure?.status === 429) {
    return apiError(429, "API rate limit exceeded", { "retry-after": String(failure.retryAfter ?? 1) });
  }
  if (failure) return apiError(failure.status, FAILURE_MESSAGES[failure.status] ?? "Server error");
  const token = request.authorization?.startsWith("Bearer ") ? request.authorization.slice(7) : "";
  const grant = state.accessTokens.get(token);
  if (!grant) return apiError(401, token ? "Invalid access token" : "No token provided");
  if (grant.expiresAt <= Date.now()) return apiError(401, "The access token expired");
  if (REMOVED.some((pattern) => pattern.test(request.path))) return apiError(403, "Forbidden");

  const { method, path, query } = request;
  if (method === "GET" && path === "/search") return search(state, apiUrl, query);
  // Public playlists of other users: readable with an app token (the console's import).
  const publicPlaylist = publicPlaylistAnswer(state, apiUrl, method, path, query);
  if (publicPlaylist) return publicPlaylist;
  // An app token (client credentials) acts for no user: user endpoints refuse it.
  if (grant.userId === null) return apiError(401, "Valid user authentication required");

  if (method === "GET" && path === "/me")
    return { status: 200, body: { ...userObject(state, apiUrl), images: [] } };

  if (method === "POST" && path === "/me/playlists") {
    const body = (request.body ?? {}) as Record<string, unknown>;
    if (typeof body.name !== "string" || !body.name) return apiError(400, "Missing required field: name");
    const playlist = createPlaylist(state, {
      name: body.name,
      description: typeof body.description === "string" ? body.description : "",
      public: body.public !== false,
    });
    return { status: 201, body: playlistObject(state, playlist, apiUrl) };
  }

  const items = /^\/playlists\/([^/]+)\/items$/.exec(path);
  if (method === "POST" && items) {
    const playlist = state.playlists.get(decodeURIComponent(items[1] ?? ""));
    if (!playlist) return apiError(404, "Resource not found");
    if (playlist.ownerId !== grant.userId) return apiError(403, "Forbidden");
    const fromQuery = query.get("uris")?.split(",");
    const uris = fromQuery ?? (request.body as { uris?: unknown } | undefined)?.uris;
    if (!Array.isArray(uris) || uris.length === 0) return apiError(400, "No uris provided");
    if (uris.length > 100) return apiError(400, "Too many ids requested");
    if (!uris.every((uri) => typeof uri === "string" && TRACK_URI.test(uri))) {
      return apiError(400, "Invalid base62 id");
    }
    playlist.items.push(...(uris as string[]));
    return { status: 201, body: { snapshot_id: `snapshot-${playlist.items.length}` } };
  }
  return apiError(404, "Service not found");
}

/** GET /search for tracks and albums (limit 1-10 since February 2026, NOTES §6). */
function search(state: FakeState, apiUrl: string, query: URLSearchParams): FakeAnswer {
  const q = query.get("q");
  const limit = Number(query.get("limit") ?? 5);
  const types = (query.get("type") ?? "").split(",");
  if (!q) return apiError(400, "No search query");
  if (!types.includes("track") && !types.includes("album")) return apiError(400, "Missing parameter type");
  if (!Number.isInteger(limit) || limit < 1 || limit > 10) return apiError(400, "Invalid limit");
  const href = `${apiUrl}/search?${query}`;
  const body: Record<string, unknown> = {};
  if (types.includes("track")) {
    const found = searchCatalogue(state.tracks, q, "track").slice(0, limit);
    body.tracks = paging(
      href,
      found.map((t) => trackObject(t, apiUrl)),
      limit,
    );
  }
  if (types.includes("album")) {
    const found = searchCatalogue(state.albums, q, "album").slice(0, limit);
    body.albums = paging(
      href,
      found.map((a) => albumObject(a, apiUrl)),
      limit,
    );
  }
  return { status: 200, body };
}
