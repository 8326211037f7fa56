import * as z from "zod/mini";
import { PlaylistPlatformSchema } from "./catalogue";
import { CoverUrlSchema } from "./console-playlists";
import { defineEndpoint } from "./endpoint";
import { rowIdParam } from "./row-id";

// The curator console's releases (issue 18): what the console lists and edits, and the rules a save
// must pass. The server validates with these same schemas, so the form's messages are the API's.

export const RELEASE_LIMITS = { title: 160, artist: 120, trackCount: 500, address: 1000 } as const;

const text = (label: string, max: number) =>
  z
    .string(`${label} is required`)
    .check(
      z.trim(),
      z.minLength(1, `${label} is required`),
      z.maxLength(max, `${label} must be at most ${max} characters`),
    );

const DATE_MESSAGE = "Enter the release date as YYYY-MM-DD, e.g. 2026-11-20";
/** A real calendar day (2026-02-30 is refused), as YYYY-MM-DD. */
export const ReleaseDateSchema = z.string(DATE_MESSAGE).check(
  z.trim(),
  z.refine(
    (value) =>
      /^\d{4}-\d{2}-\d{2}$/.test(value) &&
      !Number.isNaN(Date.parse(value)) &&
      new Date(value).toISOString().slice(0, 10) === value,
    DATE_MESSAGE,
  ),
);

const TRACKS_MESSAGE = `Enter a whole number of tracks from 1 to ${RELEASE_LIMITS.trackCount}`;
const ADDRESS_MESSAGE = "The platform address must start with https:// or http://";

/** The fields a curator edits; the slug is made once at creation and never changes. */
export const ReleaseFieldsSchema = z.object({
  title: text("Title", RELEASE_LIMITS.title),
  artist: text("Artist", RELEASE_LIMITS.artist),
  imageUrl: CoverUrlSchema,
  releaseDate: ReleaseDateSchema,
  // A number checked to be whole (not z.int, whose failure would hold back the other fields' checks).
  trackCount: z
    .number(TRACKS_MESSAGE)
    .check(
      z.refine(Number.isInteger, TRACKS_MESSAGE),
      z.minimum(1, TRACKS_MESSAGE),
      z.maximum(RELEASE_LIMITS.trackCount, TRACKS_MESSAGE),
    ),
  platform: PlaylistPlatformSchema,
  externalUrl: z.pipe(
    z.string(ADDRESS_MESSAGE).check(z.trim()),
    z
      .url({ protocol: /^https?$/, error: ADDRESS_MESSAGE })
      .check(z.maxLength(RELEASE_LIMITS.address, "The platform address is too long")),
  ),
  /** Shown with a 'New' badge on /new-releases. */
  isNew: z.boolean(),
});
export type ReleaseFields = z.infer<typeof ReleaseFieldsSchema>;
export type ReleaseFieldsInput = z.input<typeof ReleaseFieldsSchema>;

export const ConsoleReleaseSchema = z.extend(ReleaseFieldsSchema, {
  id: z.int(),
  slug: z.string(),
  imageUrl: z.nullable(z.string()),
  externalUrl: z.string(),
});
export type ConsoleRelease = z.infer<typeof ConsoleReleaseSchema>;

export const ConsoleReleaseListQuerySchema = z.object({
  q: z.optional(z.string().check(z.trim(), z.maxLength(100, "Search at most 100 characters"))),
  page: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(10_000)), 1),
  limit: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(50)), 20),
});
export const ConsoleReleaseListSchema = z.object({
  rows: z.array(ConsoleReleaseSchema),
  total: z.int(),
  page: z.int(),
  limit: z.int(),
});
export type ConsoleReleaseList = z.infer<typeof ConsoleReleaseListSchema>;

export const ReleaseIdParamsSchema = z.object({
  id: rowIdParam("Release id must be a positive whole number", "Release not found"),
});

const base = "/api/admin/releases";
const one = `${base}/:id` as const;
/** Newest release date first; `q` matches title or artist. */
export const listConsoleReleases = defineEndpoint({
  method: "GET",
  path: base,
  querystring: ConsoleReleaseListQuerySchema,
  responses: { 200: ConsoleReleaseListSchema },
});

export const createConsoleRelease = defineEndpoint({
  method: "POST",
  path: base,
  body: ReleaseFieldsSchema,
  responses: { 201: ConsoleReleaseSchema },
});

export const getConsoleRelease = defineEndpoint({
  method: "GET",
  path: one,
  params: ReleaseIdParamsSchema,
  responses: { 200: ConsoleReleaseSchema },
});

export const updateConsoleRelease = defineEndpoint({
  method: "PUT",
  path: one,
  params: ReleaseIdParamsSchema,
  body: ReleaseFieldsSchema,
  responses: { 200: ConsoleReleaseSchema },
});

export const removeConsoleRelease = defineEndpoint({
  method: "DELETE",
  path: one,
  params: ReleaseIdParamsSchema,
  responses: { 204: z.null() },
});
