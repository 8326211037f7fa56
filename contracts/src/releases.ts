import * as z from "zod/mini";
import { HttpUrlSchema, ImageUrlSchema, IsoDateSchema, PlaylistPlatformSchema } from "./catalogue";
import { defineEndpoint } from "./endpoint";

export const AlbumSchema = z.object({
  id: z.int().check(z.positive()),
  title: z.string(),
  artist: z.string(),
  imageUrl: ImageUrlSchema,
  releaseDate: IsoDateSchema,
  trackCount: z.int().check(z.positive()),
  platform: PlaylistPlatformSchema,
  externalUrl: HttpUrlSchema,
  isNew: z.boolean(),
  /** spotify:album:… once the background resolver found it; null until then or when not found. */
  spotifyUri: z.nullable(z.string().check(z.regex(/^spotify:album:[A-Za-z0-9]{22}$/))),
});
export type Album = z.infer<typeof AlbumSchema>;

/**
 * What a screen requires of a release in an answer: every field (its artists as one text, `artist`)
 * but `spotifyUri`, which the product adds and which may be absent: 'Open in Spotify' then
 * searches Spotify for the artist and title, as it does while the uri is null.
 */
export const AlbumReadingSchema = z.partial(AlbumSchema, { spotifyUri: true });
export type AlbumReading = z.infer<typeof AlbumReadingSchema>;
/** How screens read the new releases (items as AlbumReadingSchema). */
export const AlbumListReadingSchema = z.object({ albums: z.array(AlbumReadingSchema) });

export const listNewReleases = defineEndpoint({
  method: "GET",
  path: "/api/music/new-releases",
  responses: { 200: z.object({ albums: z.array(AlbumSchema) }) },
});
