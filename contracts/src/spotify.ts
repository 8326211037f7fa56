import * as z from "zod/mini";
import { defineEndpoint } from "./endpoint";

export const SPOTIFY_AUTHORIZE_PATH = "/api/spotify/authorize";
export const SPOTIFY_CALLBACK_PATH = "/api/spotify/callback";
export const DEFAULT_SPOTIFY_RETURN_TO = "/spotify-test";

export const SPOTIFY_NOT_CONFIGURED = "Spotify is not configured on this server";
export const SPOTIFY_NOT_CONNECTED = "Not connected to Spotify";

/**
 * The only `returnTo` values the server follows: a path on this site. "//host" and "/\host" are
 * excluded because browsers read both as another host; control characters because some browsers
 * strip them and then see "//".
 */
export function isSafeReturnTo(value: unknown): value is string {
  return (
    typeof value === "string" &&
    value.length <= 512 &&
    value.startsWith("/") &&
    !value.startsWith("//") &&
    !value.startsWith("/\\") &&
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we refuse
    !/[\u0000-\u001f\u007f\\]/.test(value)
  );
}

/** `returnTo` if it is a same-site path, else the Spotify Test page. */
export function safeReturnTo(value: unknown): string {
  return isSafeReturnTo(value) ? value : DEFAULT_SPOTIFY_RETURN_TO;
}

/** Where a "Connect with Spotify" button sends the browser; the server comes back to `returnTo`. */
export function spotifyAuthorizeUrl(returnTo: string = DEFAULT_SPOTIFY_RETURN_TO): string {
  return `${SPOTIFY_AUTHORIZE_PATH}?returnTo=${encodeURIComponent(safeReturnTo(returnTo))}`;
}

/** The `spotify=` query value the callback adds to `returnTo` when it sends the visitor back. */
export const SpotifyOutcomeSchema = z.enum(["connected", "denied", "expired", "failed"]);
export type SpotifyOutcome = z.infer<typeof SpotifyOutcomeSchema>;
export const SPOTIFY_OUTCOME_PARAM = "spotify";

export const SPOTIFY_OUTCOME_MESSAGES: Record<SpotifyOutcome, string> = {
  connected: "Your Spotify account is connected.",
  denied: "You declined the Spotify connection, so nothing was changed.",
  expired: "That Spotify sign-in took too long or was already used. Please connect again.",
  failed: "Spotify could not complete the connection. Please try again.",
};

export const CheckAuthResponseSchema = z.object({
  authenticated: z.boolean(),
  displayName: z.optional(z.string()),
});
export type CheckAuthResponse = z.infer<typeof CheckAuthResponseSchema>;

export const checkSpotifyAuth = defineEndpoint({
  method: "GET",
  path: "/api/spotify/check-auth",
  responses: { 200: CheckAuthResponseSchema },
});

export const TestSpotifyConnectionResponseSchema = z.object({
  success: z.boolean(),
  error: z.optional(z.string()),
  displayName: z.optional(z.string()),
});
export type TestSpotifyConnectionResponse = z.infer<typeof TestSpotifyConnectionResponseSchema>;

/** Always 200: the outcome of the test is in the body (SPEC §8 shows `error` to the visitor). */
export const testSpotifyConnection = defineEndpoint({
  method: "GET",
  path: "/api/spotify/test-connection",
  responses: { 200: TestSpotifyConnectionResponseSchema },
});

export const TestMusicConnectionResponseSchema = z.object({ success: z.boolean() });
export type TestMusicConnectionResponse = z.infer<typeof TestMusicConnectionResponseSchema>;

/** success = this visitor has a live Spotify connection. */
export const testMusicConnection = defineEndpoint({
  method: "GET",
  path: "/api/music/test-connection",
  responses: { 200: TestMusicConnectionResponseSchema },
});

export const DisconnectSpotifyResponseSchema = z.object({ success: z.literal(true) });
export type DisconnectSpotifyResponse = z.infer<typeof DisconnectSpotifyResponseSchema>;

/** Forgets this visitor's Spotify tokens; answers the same when there were none. */
export const disconnectSpotify = defineEndpoint({
  method: "POST",
  path: "/api/spotify/disconnect",
  responses: { 200: DisconnectSpotifyResponseSchema },
});

export const MAX_PLAYLIST_NAME_LENGTH = 100;
export const MAX_PLAYLIST_DESCRIPTION_LENGTH = 300;
export const MAX_CHOSEN_TRACKS = 500;
/** A genre source takes at most this many tracks (deduplicated by title and artist). */
export const MAX_GENRE_TRACKS = 100;

const TrackChoiceSchema = z.object({
  title: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)),
  artist: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)),
  spotifyUri: z.optional(z.string().check(z.regex(/^spotify:track:[A-Za-z0-9]{22}$/))),
});
export type TrackChoice = z.infer<typeof TrackChoiceSchema>;

export const PlaylistSourceSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("playlist"), playlistId: z.int().check(z.positive()) }),
  z.object({
    kind: z.literal("genre"),
    /** The genre's name (any case) or slug. */
    genre: z.string().check(z.trim(), z.minLength(1), z.maxLength(100)),
  }),
  z.object({
    kind: z.literal("tracks"),
    tracks: z.array(TrackChoiceSchema).check(z.minLength(1), z.maxLength(MAX_CHOSEN_TRACKS)),
  }),
]);
export type PlaylistSource = z.infer<typeof PlaylistSourceSchema>;

export const CreateSpotifyPlaylistSchema = z.object({
  name: z
    .string("Please give the playlist a name")
    .check(
      z.trim(),
      z.minLength(1, "Please give the playlist a name"),
      z.maxLength(MAX_PLAYLIST_NAME_LENGTH, `At most ${MAX_PLAYLIST_NAME_LENGTH} characters`),
    ),
  description: z.optional(
    z
      .string()
      .check(
        z.trim(),
        z.maxLength(MAX_PLAYLIST_DESCRIPTION_LENGTH, `At most ${MAX_PLAYLIST_DESCRIPTION_LENGTH} characters`),
      ),
  ),
  public: z.boolean(),
  source: PlaylistSourceSchema,
});
export type CreateSpotifyPlaylistInput = z.input<typeof CreateSpotifyPlaylistSchema>;

export const CreatedSpotifyPlaylistSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The playlist on open.spotify.com. */
  url: z.string(),
  tracksAdded: z.int().check(z.minimum(0)),
  /** Tracks Spotify's search did not find; they are left out of the playlist. */
  notFound: z.array(z.object({ title: z.string(), artist: z.string() })),
});
export type CreatedSpotifyPlaylist = z.infer<typeof CreatedSpotifyPlaylistSchema>;

/**
 * Creates a playlist in the visitor's Spotify account. 401 when not connected, 404 for an unknown
 * playlist or genre, 400 for a bad body, 429/502/504 with a readable `error` when Spotify fails.
 */
export const createSpotifyPlaylist = defineEndpoint({
  method: "POST",
  path: "/api/spotify/playlists",
  body: CreateSpotifyPlaylistSchema,
  responses: { 201: CreatedSpotifyPlaylistSchema },
});
