import * as z from "zod/mini";
import { HttpUrlSchema, ImageUrlSchema, IsoDateSchema, PlaylistPlatformSchema } from "./catalogue";
import { defineEndpoint } from "./endpoint";
import { rowIdParam } from "./row-id";

export const PlaylistSchema = z.object({
  id: z.int().check(z.positive()),
  title: z.string(),
  description: z.string(),
  imageUrl: ImageUrlSchema,
  genre: z.string(),
  platform: PlaylistPlatformSchema,
  curator: z.string(),
  trackCount: z.int().check(z.minimum(0)),
  externalUrl: HttpUrlSchema,
  platformId: z.nullable(z.string()),
  publishedDate: IsoDateSchema,
  /** When the curator last changed it: any text. Ours send YYYY-MM-DD; screens show any text as is. */
  updatedAt: z.string(),
  isNew: z.boolean(),
  featured: z.boolean(),
});
export type Playlist = z.infer<typeof PlaylistSchema>;

export const TrackSchema = z.object({
  position: z.int().check(z.positive()),
  title: z.string(),
  artist: z.string(),
  durationSeconds: z.int().check(z.positive()),
  spotifyUri: z.nullable(z.string()),
});
export type Track = z.infer<typeof TrackSchema>;

export const PlaylistDetailSchema = z.extend(PlaylistSchema, { tracks: z.array(TrackSchema) });
export type PlaylistDetail = z.infer<typeof PlaylistDetailSchema>;

/**
 * What a screen requires of a playlist in an answer: every field but `featured`, which the product
 * adds and which may be absent.
 */
export const PlaylistReadingSchema = z.partial(PlaylistSchema, { featured: true });
export type PlaylistReading = z.infer<typeof PlaylistReadingSchema>;

/** A playlist's page (one the club added): the playlist as screens read it, with its tracks. */
export const PlaylistDetailReadingSchema = z.extend(PlaylistReadingSchema, { tracks: z.array(TrackSchema) });
export type PlaylistDetailReading = z.infer<typeof PlaylistDetailReadingSchema>;

/** How screens read the playlist answers: `{ playlists }` and bare lists, items as PlaylistReadingSchema. */
export const PlaylistListReadingSchema = z.object({ playlists: z.array(PlaylistReadingSchema) });
export const PlaylistArrayReadingSchema = z.array(PlaylistReadingSchema);

export const PlaylistIdParamsSchema = z.object({
  id: rowIdParam("Playlist id must be a positive whole number", "Playlist not found"),
});

export const listPlaylists = defineEndpoint({
  method: "GET",
  path: "/api/playlists",
  responses: { 200: z.object({ playlists: z.array(PlaylistSchema) }) },
});

export const listFeaturedPlaylists = defineEndpoint({
  method: "GET",
  path: "/api/playlists/featured",
  responses: { 200: z.array(PlaylistSchema) },
});

export const listPlaylistsByGenreName = defineEndpoint({
  method: "GET",
  path: "/api/playlists/genre/:name",
  params: z.object({ name: z.string().check(z.minLength(1), z.maxLength(100)) }),
  responses: { 200: z.array(PlaylistSchema) },
});

export const getPlaylist = defineEndpoint({
  method: "GET",
  path: "/api/playlists/:id",
  params: PlaylistIdParamsSchema,
  responses: { 200: PlaylistDetailSchema },
});

/** The music hub's feed: the featured playlists, wrapped in `{ playlists }`. */
export const listHubFeaturedPlaylists = defineEndpoint({
  method: "GET",
  path: "/api/music/featured-playlists",
  responses: { 200: z.object({ playlists: z.array(PlaylistSchema) }) },
});
