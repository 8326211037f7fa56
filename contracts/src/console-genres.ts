import * as z from "zod/mini";
import { PlaylistPlatformSchema } from "./catalogue";
import { CoverUrlSchema } from "./console-playlists";
import { defineEndpoint } from "./endpoint";
import { GENRE_COLOR_COUNT } from "./genres";
import { rowIdParam } from "./row-id";

// The curator console's genres (issue 18): a genre's texts, colour, image and order, its subgenres
// and its artists. The server validates with these same schemas, so the form's messages are the API's.

export const GENRE_LIMITS = { name: 60, description: 500, artistName: 120, sortOrder: 10_000 } as const;

const text = (label: string, max: number) =>
  z
    .string(`${label} is required`)
    .check(
      z.trim(),
      z.minLength(1, `${label} is required`),
      z.maxLength(max, `${label} must be at most ${max} characters`),
    );

/** A whole number in [min, max], checked without holding back the other fields' checks. */
const wholeNumber = (min: number, max: number, message: string) =>
  z
    .number(message)
    .check(z.refine(Number.isInteger, message), z.minimum(min, message), z.maximum(max, message));

/** The genre's own fields. Its slug (its address and search key) never changes, renamed or not. */
export const GenreFieldsSchema = z.object({
  name: text("Name", GENRE_LIMITS.name),
  description: text("Description", GENRE_LIMITS.description),
  /** One of the site's six genre gradients. */
  colorIndex: wholeNumber(0, GENRE_COLOR_COUNT - 1, "Choose one of the colours"),
  imageUrl: CoverUrlSchema,
  /** Lower comes first in the site's genre lists. */
  sortOrder: wholeNumber(
    -GENRE_LIMITS.sortOrder,
    GENRE_LIMITS.sortOrder,
    `Enter a whole number from -${GENRE_LIMITS.sortOrder} to ${GENRE_LIMITS.sortOrder}`,
  ),
});
export type GenreFields = z.infer<typeof GenreFieldsSchema>;
export type GenreFieldsInput = z.input<typeof GenreFieldsSchema>;

export const SubgenreInputSchema = z.object({
  name: text("Subgenre name", GENRE_LIMITS.name),
  /** 0–10: the site draws a bar of popularity × 10 percent. */
  popularity: wholeNumber(0, 10, "Enter a popularity from 0 to 10"),
});
export type SubgenreInput = z.infer<typeof SubgenreInputSchema>;
export type SubgenreInputValues = z.input<typeof SubgenreInputSchema>;

export const GenreArtistInputSchema = z.object({
  name: text("Artist name", GENRE_LIMITS.artistName),
  platform: PlaylistPlatformSchema,
  imageUrl: CoverUrlSchema,
});
export type GenreArtistInput = z.infer<typeof GenreArtistInputSchema>;
export type GenreArtistInputValues = z.input<typeof GenreArtistInputSchema>;

export const ConsoleGenreRowSchema = z.object({
  id: z.int(),
  slug: z.string(),
  name: z.string(),
  colorIndex: z.int(),
  sortOrder: z.int(),
  subgenreCount: z.int(),
  artistCount: z.int(),
  playlistCount: z.int(),
});
export type ConsoleGenreRow = z.infer<typeof ConsoleGenreRowSchema>;

export const ConsoleSubgenreSchema = z.object({ id: z.int(), name: z.string(), popularity: z.int() });
export type ConsoleSubgenre = z.infer<typeof ConsoleSubgenreSchema>;

export const ConsoleGenreArtistSchema = z.object({
  id: z.int(),
  slug: z.string(),
  name: z.string(),
  platform: PlaylistPlatformSchema,
  imageUrl: z.nullable(z.string()),
});
export type ConsoleGenreArtist = z.infer<typeof ConsoleGenreArtistSchema>;

/** One genre as the edit page loads it. */
export const ConsoleGenreSchema = z.object({
  id: z.int(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  colorIndex: z.int(),
  imageUrl: z.nullable(z.string()),
  sortOrder: z.int(),
  subgenres: z.array(ConsoleSubgenreSchema),
  artists: z.array(ConsoleGenreArtistSchema),
});
export type ConsoleGenre = z.infer<typeof ConsoleGenreSchema>;

export const GenreIdParamsSchema = z.object({
  id: rowIdParam("Genre id must be a positive whole number", "Genre not found"),
});
const SubgenreParamsSchema = z.extend(GenreIdParamsSchema, {
  subgenreId: rowIdParam("Subgenre id must be a positive whole number", "This genre has no such subgenre"),
});
const ArtistParamsSchema = z.extend(GenreIdParamsSchema, {
  artistId: rowIdParam("Artist id must be a positive whole number", "This genre has no such artist"),
});

const base = "/api/admin/genres";
const one = `${base}/:id` as const;
const Genre200 = { 200: ConsoleGenreSchema } as const;
/** Every genre in the site's order. */
export const listConsoleGenres = defineEndpoint({
  method: "GET",
  path: base,
  responses: { 200: z.object({ genres: z.array(ConsoleGenreRowSchema) }) },
});

export const getConsoleGenre = defineEndpoint({
  method: "GET",
  path: one,
  params: GenreIdParamsSchema,
  responses: Genre200,
});

export const updateConsoleGenre = defineEndpoint({
  method: "PUT",
  path: one,
  params: GenreIdParamsSchema,
  body: GenreFieldsSchema,
  responses: Genre200,
});

export const addConsoleGenreSubgenre = defineEndpoint({
  method: "POST",
  path: `${one}/subgenres`,
  params: GenreIdParamsSchema,
  body: SubgenreInputSchema,
  responses: Genre200,
});

export const updateConsoleGenreSubgenre = defineEndpoint({
  method: "PUT",
  path: `${one}/subgenres/:subgenreId`,
  params: SubgenreParamsSchema,
  body: SubgenreInputSchema,
  responses: Genre200,
});

export const removeConsoleGenreSubgenre = defineEndpoint({
  method: "DELETE",
  path: `${one}/subgenres/:subgenreId`,
  params: SubgenreParamsSchema,
  responses: Genre200,
});

export const addConsoleGenreArtist = defineEndpoint({
  method: "POST",
  path: `${one}/artists`,
  params: GenreIdParamsSchema,
  body: GenreArtistInputSchema,
  responses: Genre200,
});

export const updateConsoleGenreArtist = defineEndpoint({
  method: "PUT",
  path: `${one}/artists/:artistId`,
  params: ArtistParamsSchema,
  body: GenreArtistInputSchema,
  responses: Genre200,
});

export const removeConsoleGenreArtist = defineEndpoint({
  method: "DELETE",
  path: `${one}/artists/:artistId`,
  params: ArtistParamsSchema,
  responses: Genre200,
});
