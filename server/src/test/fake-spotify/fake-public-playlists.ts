import type { FakeAnswer } from "./fake-accounts";
import { type FakeTrack, fakeSpotifyId } from "./fake-catalogue";
import type { FakeState } from "./fake-state";

const OPEN = "https://open.spotify.com";

interface PublicPlaylist {
  id: string;
  name: string;
  description: string;
  /** How many of the fake catalogue's songs it holds, from the first. */
  size: number;
  /** Spotify withholds the items (403), as for a playlist the app does not own (NOTES §5). */
  itemsWithheld?: boolean;
}

/**
 * Public playlists someone else made, which the console's 'Import from Spotify' reads with an app
 * token: GET /playlists/{id} (with its first page of items) and GET /playlists/{id}/items.
 */
export const FAKE_PUBLIC_PLAYLISTS = {
  nightDrive: {
    id: fakeSpotifyId("public-playlist-night-drive"),
    name: "Night Drive Classics",
    description: 'Long roads &amp; late radio. Curated by <a href="spotify:user:someone">Someone</a>.',
    size: 6,
  },
  marathon: {
    id: fakeSpotifyId("public-playlist-marathon"),
    name: "Marathon Mix",
    description: "Hours of it.",
    size: 130,
  },
  withheld: {
    id: fakeSpotifyId("public-playlist-withheld"),
    name: "Private Tastes",
    description: "",
    size: 10,
    itemsWithheld: true,
  },
} satisfies Record<string, PublicPlaylist>;

const PAGE = 100;

function itemObject(track: FakeTrack, apiUrl: string) {
  const artistId = track.id.split("").reverse().join("");
  const item = {
    id: track.id,
    name: track.name,
    type: "track",
    uri: `spotify:track:${track.id}`,
    href: `${apiUrl}/tracks/${track.id}`,
    duration_ms: track.durationMs,
    artists: [{ id: artistId, name: track.artist, type: "artist", uri: `spotify:artist:${artistId}` }],
  };
  return { added_at: "2026-03-01T00:00:00Z", is_local: false, item, track: item };
}

function itemsPage(
  state: FakeState,
  playlist: PublicPlaylist,
  apiUrl: string,
  offset: number,
  limit: number,
) {
  const all = state.tracks.slice(0, playlist.size);
  const href = `${apiUrl}/playlists/${playlist.id}/items`;
  const next = offset + limit < all.length ? `${href}?offset=${offset + limit}&limit=${limit}` : null;
  return {
    href: `${href}?offset=${offset}&limit=${limit}`,
    limit,
    offset,
    next,
    previous: null,
    total: all.length,
    items: all.slice(offset, offset + limit).map((track) => itemObject(track, apiUrl)),
  };
}

const notFound: FakeAnswer = { status: 404, body: { error: { status: 404, message: "Resource not found" } } };

/** Answers the two playlist reads, or null when the path is not one of them. */
export function publicPlaylistAnswer(
  state: FakeState,
  apiUrl: string,
  method: string,
  path: string,
  query: URLSearchParams,
): FakeAnswer | null {
  const match = /^\/playlists\/([^/]+)(\/items)?$/.exec(path);
  if (method !== "GET" || !match) return null;
  const id = decodeURIComponent(match[1] ?? "");
  const playlist: PublicPlaylist | undefined = Object.values(FAKE_PUBLIC_PLAYLISTS).find((p) => p.id === id);
  if (!playlist) return notFound;
  if (match[2]) {
    if (playlist.itemsWithheld)
      return { status: 403, body: { error: { status: 403, message: "Forbidden" } } };
    const offset = Number(query.get("offset") ?? 0);
    const limit = Number(query.get("limit") ?? 20);
    if (!Number.isInteger(offset) || offset < 0 || !Number.isInteger(limit) || limit < 1 || limit > 100) {
      return { status: 400, body: { error: { status: 400, message: "Invalid limit or offset" } } };
    }
    return { status: 200, body: itemsPage(state, playlist, apiUrl, offset, limit) };
  }
  const body = {
    id: playlist.id,
    name: playlist.name,
    description: playlist.description,
    public: true,
    collaborative: false,
    type: "playlist",
    uri: `spotify:playlist:${playlist.id}`,
    href: `${apiUrl}/playlists/${playlist.id}`,
    external_urls: { spotify: `${OPEN}/playlist/${playlist.id}` },
    images: [{ url: `https://image-cdn.spotify.test/${playlist.id}.jpg`, height: 640, width: 640 }],
    owner: { id: "someone", display_name: "Someone", type: "user" },
    snapshot_id: "snapshot-1",
    // Withheld items: the playlist answers without them (its items endpoint refuses).
    ...(playlist.itemsWithheld ? {} : { items: itemsPage(state, playlist, apiUrl, 0, PAGE) }),
  };
  return { status: 200, body };
}
