import { HttpUrlSchema, IsoDateSchema, PlaylistPlatformSchema } from "@waveform/contracts/catalogue";
import { GENRE_COLOR_COUNT } from "@waveform/contracts/genres";
import * as z from "zod/mini";

const Slug = z
  .string()
  .check(z.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "must be a lower-case slug like 'hip-hop'"));
const Text = z.string().check(z.minLength(1), z.maxLength(2000));
const ImageUrl = z.nullable(
  z.string().check(z.regex(/^(\/(?!\/)|https?:\/\/)/, "must be a site path or an http(s) address")),
);
const Timestamp = z.nullable(z.iso.datetime({ offset: true }));

/**
 * The catalogue as one JSON document: what `npm run admin -- catalogue export` writes and
 * `catalogue import` reads (and what the seed is built as). Items are matched by slug.
 */
const CatalogueFileSchema = z.object({
  version: z.literal(1),
  genres: z.array(
    z.object({
      slug: Slug,
      name: Text,
      description: Text,
      imageUrl: ImageUrl,
      colorIndex: z.int().check(z.minimum(0), z.maximum(GENRE_COLOR_COUNT - 1)),
      popularity: z.nullable(z.int().check(z.minimum(0), z.maximum(10))),
      artistCount: z.nullable(z.int().check(z.minimum(0))),
      subgenres: z.array(z.object({ name: Text, popularity: z.int().check(z.minimum(0), z.maximum(10)) })),
      artists: z.array(
        z.object({
          slug: Slug,
          name: Text,
          imageUrl: ImageUrl,
          platform: PlaylistPlatformSchema,
          genres: z.array(Text),
        }),
      ),
    }),
  ),
  playlists: z.array(
    z.object({
      slug: Slug,
      title: Text,
      description: Text,
      imageUrl: ImageUrl,
      genre: Slug,
      platform: PlaylistPlatformSchema,
      curator: Text,
      externalUrl: HttpUrlSchema,
      platformId: z.nullable(Text),
      publishedOn: IsoDateSchema,
      updatedOn: IsoDateSchema,
      isNew: z.boolean(),
      featured: z.boolean(),
      /** False for a console draft; files written before drafts existed leave it out (published). */
      published: z.optional(z.boolean()),
      tracks: z.array(
        z.object({
          title: Text,
          artist: Text,
          durationSeconds: z.int().check(z.positive()),
          spotifyUri: z.nullable(z.string().check(z.regex(/^spotify:track:[A-Za-z0-9]{22}$/))),
        }),
      ),
    }),
  ),
  releases: z.array(
    z.object({
      slug: Slug,
      title: Text,
      artist: Text,
      imageUrl: ImageUrl,
      releaseDate: IsoDateSchema,
      trackCount: z.int().check(z.positive()),
      platform: PlaylistPlatformSchema,
      externalUrl: HttpUrlSchema,
      isNew: z.boolean(),
      // Optional: files written before the resolver kept album ids still import.
      spotifyUri: z.optional(z.nullable(z.string().check(z.regex(/^spotify:album:[A-Za-z0-9]{22}$/)))),
    }),
  ),
  advertisements: z.array(
    z.object({
      slug: Slug,
      title: Text,
      description: Text,
      ctaText: Text,
      ctaUrl: HttpUrlSchema,
      imageUrl: ImageUrl,
      active: z.boolean(),
      startsAt: Timestamp,
      endsAt: Timestamp,
      weight: z.int().check(z.minimum(0)),
    }),
  ),
});

export type CatalogueFile = z.infer<typeof CatalogueFileSchema>;

/** Parses a catalogue document; the error lists each problem with its path. */
export function parseCatalogueFile(json: unknown): CatalogueFile {
  const parsed = CatalogueFileSchema.safeParse(json);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues
    .slice(0, 20)
    .map((issue) => `  ${issue.path.join(".") || "(document)"}: ${issue.message}`);
  throw new Error(`The catalogue file is not valid:\n${problems.join("\n")}`);
}
