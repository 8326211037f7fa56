import * as z from "zod/mini";
import { IdOrSlugParamsSchema, ImageUrlSchema, PlaylistPlatformSchema } from "./catalogue";
import { defineEndpoint } from "./endpoint";
import { PlaylistSchema } from "./playlists";

/** Six gradients in the genre palette, addressed by index. */
export const GENRE_COLOR_COUNT = 6;

export const GenreSchema = z.object({
  id: z.int().check(z.positive()),
  slug: z.string().check(z.minLength(1)),
  name: z.string().check(z.minLength(1)),
  description: z.string(),
  imageUrl: ImageUrlSchema,
  playlistCount: z.int().check(z.minimum(0)),
  colorUI: z.int().check(z.minimum(0), z.maximum(GENRE_COLOR_COUNT - 1)),
  /** 0–10; null when the editors have not rated it (the client shows its fallback). */
  popularity: z.nullable(z.number().check(z.minimum(0), z.maximum(10))),
  artistCount: z.nullable(z.int().check(z.minimum(0))),
});
export type Genre = z.infer<typeof GenreSchema>;

/**
 * What a screen requires of a genre in an answer: every field but `slug`, which the
 * product adds and which may be absent: screens then name the genre by its name (`/genre/<name>`).
 */
export const GenreReadingSchema = z.partial(GenreSchema, { slug: true });
export type GenreReading = z.infer<typeof GenreReadingSchema>;

export const SubgenreSchema = z.object({
  id: z.int().check(z.positive()),
  name: z.string(),
  popularity: z.number().check(z.minimum(0), z.maximum(10)),
});
export type Subgenre = z.infer<typeof SubgenreSchema>;

export const GenreArtistSchema = z.object({
  id: z.int().check(z.positive()),
  name: z.string(),
  imageUrl: ImageUrlSchema,
  platform: PlaylistPlatformSchema,
  genres: z.array(z.string()),
});
export type GenreArtist = z.infer<typeof GenreArtistSchema>;

export const GenreListSchema = z.object({ genres: z.array(GenreSchema) });
/** How screens read the genre list (items as GenreReadingSchema). */
export const GenreListReadingSchema = z.object({ genres: z.array(GenreReadingSchema) });

export const listGenres = defineEndpoint({
  method: "GET",
  path: "/api/genres",
  responses: { 200: GenreListSchema },
});

export const listGenreSubgenres = defineEndpoint({
  method: "GET",
  path: "/api/genres/:id/subgenres",
  params: IdOrSlugParamsSchema,
  responses: { 200: z.object({ subgenres: z.array(SubgenreSchema) }) },
});

export const listGenrePlaylists = defineEndpoint({
  method: "GET",
  path: "/api/genres/:id/playlists",
  params: IdOrSlugParamsSchema,
  responses: { 200: z.object({ playlists: z.array(PlaylistSchema) }) },
});

export const listGenreArtists = defineEndpoint({
  method: "GET",
  path: "/api/genres/:id/artists",
  params: IdOrSlugParamsSchema,
  responses: { 200: z.object({ artists: z.array(GenreArtistSchema) }) },
});

export { findGenreByNameOrSlug, genreLookupKey } from "./genre-lookup";
