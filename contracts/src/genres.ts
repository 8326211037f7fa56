import * as z from "zod/mini";
import { defineEndpoint } from "./endpoint";

/** Six gradients in the genre palette (SPEC §9), addressed by index. */
export const GENRE_COLOR_COUNT = 6;

export const GenreSchema = z.object({
  id: z.int().check(z.positive()),
  slug: z.string().check(z.minLength(1)),
  name: z.string().check(z.minLength(1)),
  description: z.string(),
  colorUI: z.int().check(z.minimum(0), z.maximum(GENRE_COLOR_COUNT - 1)),
  popularity: z.nullable(z.number().check(z.minimum(0), z.maximum(10))),
  artistCount: z.nullable(z.int().check(z.minimum(0))),
});

export type Genre = z.infer<typeof GenreSchema>;

export const GenreListSchema = z.object({ genres: z.array(GenreSchema) });

export const listGenres = defineEndpoint({
  method: "GET",
  path: "/api/genres",
  responses: { 200: GenreListSchema },
});
