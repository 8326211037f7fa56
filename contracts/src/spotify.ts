import * as z from "zod/mini";
import { defineEndpoint } from "./endpoint";
import { SPOTIFY_OUTCOMES } from "./spotify-links";

export type { SpotifyOutcome } from "./spotify-links";
export {
  DEFAULT_SPOTIFY_RETURN_TO,
  isSafeReturnTo,
  isSpotifyOutcome,
  SPOTIFY_AUTHORIZE_PATH,
  SPOTIFY_CALLBACK_PATH,
  SPOTIFY_NOT_CONFIGURED,
  SPOTIFY_NOT_CONNECTED,
  SPOTIFY_OUTCOME_MESSAGES,
  SPOTIFY_OUTCOME_PARAM,
  SPOTIFY_OUTCOMES,
  safeReturnTo,
  spotifyAuthorizeUrl,
} from "./spotify-links";

/** The `spotify=` query value the callback adds to `returnTo` when it sends the visitor back. */
export const SpotifyOutcomeSchema = z.enum(SPOTIFY_OUTCOMES);

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

/** Always 200: the outcome of the test is in the body (Spotify Test shows `error` to the visitor). */
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
  /**
   * How many tracks were not looked up because the visitor had made too many Spotify searches in
   * the last 10 minutes; they are left out too. Absent when every track was looked up.
   */
  notSearched: z.optional(z.int().check(z.minimum(1))),
});
export type CreatedSpotifyPlaylist = z.infer<typeof CreatedSpotifyPlaylistSchema>;

/**
 * Creates a playlist in the visitor's Spotify account. 401 when not connected, 404 for an unknown
 * playlist or genre, 400 for a bad body, 429/502/504 with a readable `error` when Spotify fails, 429
 * when the visitor's Spotify search budget ran out before any track was found.
 */
export const createSpotifyPlaylist = defineEndpoint({
  method: "POST",
  path: "/api/spotify/playlists",
  body: CreateSpotifyPlaylistSchema,
  responses: { 201: CreatedSpotifyPlaylistSchema },
});
