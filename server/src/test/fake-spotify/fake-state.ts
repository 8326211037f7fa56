import { randomBytes } from "node:crypto";
import { type FakeAlbum, type FakeTrack, fakeSpotifyId, seedAlbums, seedCatalogue } from "./fake-catalogue";

export interface FakeUser {
  id: string;
  displayName: string;
}

export interface FakePlaylist {
  id: string;
  ownerId: string;
  name: string;
  description: string;
  public: boolean;
  items: string[];
}

/** A forced answer for the next requests of one service: what the switches in tests turn on. */
export interface FakeFailure {
  status: 401 | 403 | 429 | 500;
  /** Seconds, for 429 (Spotify sends one). */
  retryAfter?: number;
  /** Web API (default) or the accounts token endpoint. */
  on: "api" | "token";
  /** Requests to let through before failing (e.g. 1: the second call fails). */
  skip: number;
  remaining: number;
}

export interface FakeSettings {
  consent: "approve" | "deny";
  /** Added before every Web API and token answer. */
  delayMs: number;
  /** expires_in of issued access tokens. */
  tokenLifetimeSeconds: number;
}

export const DEFAULT_USER: FakeUser = { id: "test-listener", displayName: "Test Listener" };
export const DEFAULT_SETTINGS: FakeSettings = { consent: "approve", delayMs: 0, tokenLifetimeSeconds: 3600 };

export const randomToken = (prefix: string) => `${prefix}-${randomBytes(24).toString("base64url")}`;

/** Everything the fake remembers; tests read it to assert what the site sent. */
export function createFakeState(clientId: string, clientSecret: string | null) {
  const catalogue = seedCatalogue();
  const albums = seedAlbums();
  return {
    clientId,
    clientSecret,
    user: { ...DEFAULT_USER },
    settings: { ...DEFAULT_SETTINGS },
    failures: [] as FakeFailure[],
    tracks: [...catalogue.tracks] as FakeTrack[],
    unknownTracks: catalogue.unknown,
    albums: [...albums.albums] as FakeAlbum[],
    unknownAlbums: albums.unknown,
    codes: new Map<string, { challenge: string; redirectUri: string; scope: string; used: boolean }>(),
    /** userId null: an app token (client credentials), which user endpoints refuse. */
    accessTokens: new Map<string, { userId: string | null; expiresAt: number }>(),
    refreshTokens: new Set<string>(),
    playlists: new Map<string, FakePlaylist>(),
    /** Every request the site made: method, path and query (never bodies or tokens). */
    requests: [] as { method: string; path: string; query: Record<string, string> }[],
    tokenGrants: [] as { grantType: string; clientAuth: "basic" | "none" }[],
    /** Every access and refresh token handed out, so tests can prove none leaks. */
    issued: [] as string[],
  };
}

export type FakeState = ReturnType<typeof createFakeState>;

export function resetFakeState(state: FakeState): void {
  const fresh = createFakeState(state.clientId, state.clientSecret);
  Object.assign(state, fresh);
}

/** Takes the next forced failure for this service, if one is pending. */
export function takeFailure(state: FakeState, on: FakeFailure["on"]): FakeFailure | null {
  const failure = state.failures.find((f) => f.on === on && f.remaining > 0);
  if (!failure) return null;
  if (failure.skip > 0) {
    failure.skip -= 1;
    return null;
  }
  failure.remaining -= 1;
  state.failures = state.failures.filter((f) => f.remaining > 0);
  return failure;
}

/** An app access token from the client-credentials grant: no user, no refresh token. */
export function issueAppToken(state: FakeState) {
  const accessToken = randomToken("fake-app-access");
  const lifetime = state.settings.tokenLifetimeSeconds;
  state.accessTokens.set(accessToken, { userId: null, expiresAt: Date.now() + lifetime * 1000 });
  state.issued.push(accessToken);
  return { accessToken, lifetime };
}

export function issueTokens(state: FakeState) {
  const accessToken = randomToken("fake-access");
  const refreshToken = randomToken("fake-refresh");
  const lifetime = state.settings.tokenLifetimeSeconds;
  state.accessTokens.set(accessToken, { userId: state.user.id, expiresAt: Date.now() + lifetime * 1000 });
  state.refreshTokens.add(refreshToken);
  state.issued.push(accessToken, refreshToken);
  return { accessToken, refreshToken, lifetime };
}

export function createPlaylist(state: FakeState, body: Omit<FakePlaylist, "id" | "ownerId" | "items">) {
  const playlist: FakePlaylist = {
    id: fakeSpotifyId(`playlist-${state.playlists.size}-${randomBytes(4).toString("hex")}`),
    ownerId: state.user.id,
    items: [],
    ...body,
  };
  state.playlists.set(playlist.id, playlist);
  return playlist;
}
