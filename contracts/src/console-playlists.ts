import * as z from "zod/mini";
import { IsoDateSchema, PlaylistPlatformSchema } from "./catalogue";
import { defineEndpoint } from "./endpoint";
import { ErrorSchema } from "./errors";
import { PlaylistIdParamsSchema, TrackSchema } from "./playlists";
import { rowId } from "./row-id";

// The curator console's playlists (issue 18): what the console lists and edits, and the rules a
// save must pass. The server validates with these same schemas, so a field message the form shows
// before sending is the one the API would answer with.

export const PLAYLIST_LIMITS = {
  title: 120,
  description: 1000,
  curator: 80,
  trackText: 200,
  tracks: 300,
  trackSeconds: 6 * 60 * 60,
} as const;

const text = (label: string, max: number, min = 1) =>
  z
    .string(`${label} is required`)
    .check(
      z.trim(),
      z.minLength(min, `${label} is required`),
      z.maxLength(max, `${label} must be at most ${max} characters`),
    );

/** An address of an image on this site (/…) or on the web (https://…), or none (generated art). */
export const CoverUrlSchema = z.nullable(
  z.string().check(
    z.trim(),
    z.maxLength(1000, "The cover address is too long"),
    z.regex(
      // No backslash in a path: browsers read `/\host` as `//host` (ImageUrlSchema, which shows it).
      /^(\/(?!\/)[^\s\\]*|https:\/\/\S+)$/,
      "The cover must be an https:// address or a path on this site",
    ),
  ),
);

export const SpotifyTrackUriSchema = z
  .string()
  .check(
    z.regex(
      /^spotify:track:[A-Za-z0-9]{22}$/,
      "A Spotify track looks like spotify:track:<22 letters or digits>",
    ),
  );

export const PlaylistTrackInputSchema = z.object({
  title: text("Track title", PLAYLIST_LIMITS.trackText),
  artist: text("Artist", PLAYLIST_LIMITS.trackText),
  durationSeconds: z
    .int("Duration must be a whole number of seconds")
    .check(
      z.positive("Duration must be at least one second"),
      z.maximum(PLAYLIST_LIMITS.trackSeconds, "Duration must be at most six hours"),
    ),
  spotifyUri: z.nullable(SpotifyTrackUriSchema),
});
export type PlaylistTrackInput = z.infer<typeof PlaylistTrackInputSchema>;

/** The fields a curator edits; the platform address is recognised into platform and id. */
export const PlaylistFieldsSchema = z.object({
  title: text("Title", PLAYLIST_LIMITS.title),
  description: text("Description", PLAYLIST_LIMITS.description),
  genreId: rowId("Choose a genre"),
  curator: text("Curator", PLAYLIST_LIMITS.curator),
  platform: PlaylistPlatformSchema,
  /** The pasted platform address; empty when the playlist has none (the site links a search). */
  platformAddress: z.string().check(z.trim(), z.maxLength(500, "The address is too long")),
  imageUrl: CoverUrlSchema,
  featured: z.boolean(),
});
export type PlaylistFields = z.infer<typeof PlaylistFieldsSchema>;
export type PlaylistFieldsInput = z.input<typeof PlaylistFieldsSchema>;

/** A new playlist (always a draft): its fields and, from an import, its first tracks. */
export const PlaylistCreateSchema = z.extend(PlaylistFieldsSchema, {
  tracks: z
    .array(PlaylistTrackInputSchema)
    .check(z.maxLength(PLAYLIST_LIMITS.tracks, `A playlist holds at most ${PLAYLIST_LIMITS.tracks} tracks`)),
});
export type PlaylistCreate = z.infer<typeof PlaylistCreateSchema>;

/** The new order: every current position once, listed in the order wanted. */
export const PlaylistReorderSchema = z.object({
  order: z
    .array(z.int().check(z.positive()))
    .check(z.maxLength(PLAYLIST_LIMITS.tracks, "Too many positions")),
});

export const PlaylistPublishSchema = z.object({ published: z.boolean() });

export const ConsolePlaylistRowSchema = z.object({
  id: z.int(),
  title: z.string(),
  genre: z.string(),
  platform: PlaylistPlatformSchema,
  curator: z.string(),
  trackCount: z.int(),
  featured: z.boolean(),
  published: z.boolean(),
  updatedOn: IsoDateSchema,
});
export type ConsolePlaylistRow = z.infer<typeof ConsolePlaylistRowSchema>;

export const ConsolePlaylistListQuerySchema = z.object({
  q: z.optional(z.string().check(z.trim(), z.maxLength(100, "Search at most 100 characters"))),
  page: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(10_000)), 1),
  limit: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(50)), 20),
});
export const ConsolePlaylistListSchema = z.object({
  rows: z.array(ConsolePlaylistRowSchema),
  total: z.int(),
  page: z.int(),
  limit: z.int(),
});
export type ConsolePlaylistList = z.infer<typeof ConsolePlaylistListSchema>;

/** One playlist as the edit form loads it: its fields, its state and its tracks in order. */
export const ConsolePlaylistSchema = z.extend(PlaylistFieldsSchema, {
  id: z.int(),
  platformId: z.nullable(z.string()),
  externalUrl: z.string(),
  published: z.boolean(),
  updatedOn: IsoDateSchema,
  tracks: z.array(TrackSchema),
});
export type ConsolePlaylist = z.infer<typeof ConsolePlaylistSchema>;

export const RecogniseQuerySchema = z.object({
  url: z.string("Paste a playlist address").check(z.trim(), z.minLength(1, "Paste a playlist address")),
});
export const RecognisedPlaylistSchema = z.object({
  platform: PlaylistPlatformSchema,
  platformId: z.string(),
  externalUrl: z.string(),
});

export const SpotifyImportBodySchema = z.object({
  url: z
    .string("Paste a Spotify playlist address")
    .check(z.trim(), z.minLength(1, "Paste a Spotify playlist address")),
});
/** What an import fills the form with; `notice` says what Spotify did not share (its tracks, say). */
export const SpotifyImportSchema = z.object({
  title: z.string(),
  description: z.string(),
  imageUrl: z.nullable(z.string()),
  platformId: z.string(),
  externalUrl: z.string(),
  tracks: z.array(PlaylistTrackInputSchema),
  notice: z.nullable(z.string()),
});
export type SpotifyImport = z.infer<typeof SpotifyImportSchema>;

const base = "/api/admin/playlists";
const one = `${base}/:id` as const;
const Playlist200 = { 200: ConsolePlaylistSchema } as const;
export const listConsolePlaylists = defineEndpoint({
  method: "GET",
  path: base,
  querystring: ConsolePlaylistListQuerySchema,
  responses: { 200: ConsolePlaylistListSchema },
});

export const createConsolePlaylist = defineEndpoint({
  method: "POST",
  path: base,
  body: PlaylistCreateSchema,
  responses: { 201: ConsolePlaylistSchema },
});

export const getConsolePlaylist = defineEndpoint({
  method: "GET",
  path: one,
  params: PlaylistIdParamsSchema,
  responses: Playlist200,
});

export const updateConsolePlaylist = defineEndpoint({
  method: "PUT",
  path: one,
  params: PlaylistIdParamsSchema,
  body: PlaylistFieldsSchema,
  responses: Playlist200,
});

export const removeConsolePlaylist = defineEndpoint({
  method: "DELETE",
  path: one,
  params: PlaylistIdParamsSchema,
  responses: { 204: z.null() },
});

export const publishConsolePlaylist = defineEndpoint({
  method: "POST",
  path: `${one}/publish`,
  params: PlaylistIdParamsSchema,
  body: PlaylistPublishSchema,
  responses: Playlist200,
});

export const addConsolePlaylistTrack = defineEndpoint({
  method: "POST",
  path: `${one}/tracks`,
  params: PlaylistIdParamsSchema,
  body: PlaylistTrackInputSchema,
  responses: Playlist200,
});

export const removeConsolePlaylistTrack = defineEndpoint({
  method: "DELETE",
  path: `${one}/tracks/:position`,
  params: z.extend(PlaylistIdParamsSchema, {
    position: z.string().check(z.regex(/^[1-9]\d{0,3}$/, "Position must be a whole number")),
  }),
  responses: Playlist200,
});

export const reorderConsolePlaylistTracks = defineEndpoint({
  method: "PUT",
  path: `${one}/tracks/order`,
  params: PlaylistIdParamsSchema,
  body: PlaylistReorderSchema,
  responses: Playlist200,
});

export const recogniseConsolePlaylistAddress = defineEndpoint({
  method: "GET",
  path: `${base}/recognise`,
  querystring: RecogniseQuerySchema,
  responses: { 200: RecognisedPlaylistSchema, 400: ErrorSchema },
});

export const importConsoleSpotifyPlaylist = defineEndpoint({
  method: "POST",
  path: `${base}/import-spotify`,
  body: SpotifyImportBodySchema,
  responses: { 200: SpotifyImportSchema, 400: ErrorSchema, 404: ErrorSchema, 503: ErrorSchema },
});
