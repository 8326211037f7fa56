import * as z from "zod/mini";
import { defineEndpoint } from "./endpoint";
import { ErrorSchema } from "./errors";
import { rowIdParam } from "./row-id";

/** The console's podcast endpoints (issue 18): editors add, refresh and flag feeds. */

export const FEED_URL_MESSAGE = "Enter the feed's web address, starting with http:// or https://";

/** A feed the console may add: a web address only (never `file:` or `seed:`, which read this machine). */
export const FeedUrlSchema = z.pipe(
  z.string(FEED_URL_MESSAGE).check(z.trim()),
  z
    .url({ protocol: /^https?$/, error: FEED_URL_MESSAGE })
    .check(z.maxLength(2000, "That address is too long")),
);

export const AddPodcastFeedSchema = z.object({ feedUrl: FeedUrlSchema });
export type AddPodcastFeedInput = z.input<typeof AddPodcastFeedSchema>;

export const ConsolePodcastSchema = z.object({
  id: z.int(),
  slug: z.string(),
  title: z.string(),
  /** An http(s) address, or `seed:`/`file:` for the club's own shows. */
  feedUrl: z.string(),
  episodeCount: z.int(),
  /** ISO time of the last read (successful or not); null when never read. */
  lastFetchedAt: z.nullable(z.string()),
  lastError: z.nullable(z.string()),
  isFeatured: z.boolean(),
  isTrending: z.boolean(),
});
export type ConsolePodcast = z.infer<typeof ConsolePodcastSchema>;

export const FEED_READ_STATUSES = ["added", "updated", "not-modified", "failed"] as const;
/** What one read of a feed did, in a sentence an editor can act on. */
export const FeedReadResultSchema = z.object({
  status: z.enum(FEED_READ_STATUSES),
  message: z.string(),
});
export type FeedReadResult = z.infer<typeof FeedReadResultSchema>;

export const PodcastIdParamsSchema = z.object({
  id: rowIdParam("Podcast id must be a positive whole number", "There is no such podcast."),
});

export const PodcastFlagsSchema = z.object({
  isFeatured: z.optional(z.boolean()),
  isTrending: z.optional(z.boolean()),
});
export type PodcastFlagsInput = z.infer<typeof PodcastFlagsSchema>;

export const listConsolePodcasts = defineEndpoint({
  method: "GET",
  path: "/api/admin/podcasts",
  responses: { 200: z.object({ podcasts: z.array(ConsolePodcastSchema) }) },
});

/**
 * Reads the feed on the server (feed rules, SSRF guard) and stores it. 201 with the new podcast;
 * 400 with a `feedUrl` issue for a bad, unreachable, malformed or already listed feed.
 */
export const addConsolePodcast = defineEndpoint({
  method: "POST",
  path: "/api/admin/podcasts",
  body: AddPodcastFeedSchema,
  responses: {
    201: z.object({ podcast: ConsolePodcastSchema, result: FeedReadResultSchema }),
    400: ErrorSchema,
  },
});

/** Reads the feed again now; 200 whatever the read did (the result says), 404 for an unknown id. */
export const refreshConsolePodcast = defineEndpoint({
  method: "POST",
  path: "/api/admin/podcasts/:id/refresh",
  params: PodcastIdParamsSchema,
  responses: { 200: z.object({ podcast: ConsolePodcastSchema, result: FeedReadResultSchema }) },
});

export const updateConsolePodcastFlags = defineEndpoint({
  method: "PATCH",
  path: "/api/admin/podcasts/:id",
  params: PodcastIdParamsSchema,
  body: PodcastFlagsSchema,
  responses: { 200: z.object({ podcast: ConsolePodcastSchema }) },
});
