import * as z from "zod/mini";
import { HttpUrlSchema, ImageUrlSchema, IsoDateSchema } from "./catalogue";
import { defineEndpoint } from "./endpoint";
import {
  DEFAULT_MIN_RATING,
  PODCAST_CATEGORY_NAMES,
  PODCAST_PLATFORMS,
  PODCAST_RESULT_LIMIT,
  PUBLISH_FREQUENCIES,
  RATING_MAX,
  RATING_MIN,
  RECENT_EPISODE_LIMIT,
} from "./podcast-facts";

export {
  DEFAULT_MIN_RATING,
  PODCAST_CATEGORY_NAMES,
  PODCAST_PLATFORMS,
  PODCAST_RESULT_LIMIT,
  PUBLISH_FREQUENCIES,
  RATING_MAX,
  RATING_MIN,
  RECENT_EPISODE_LIMIT,
};

export const PodcastPlatformSchema = z.enum(PODCAST_PLATFORMS);
export type PodcastPlatform = z.infer<typeof PodcastPlatformSchema>;

export const PublishFrequencySchema = z.enum(PUBLISH_FREQUENCIES);

/**
 * An episode's audio: a path on this site (the club's own shows, `/media/podcasts/…`) or an http(s)
 * address; null when the episode has none. Never another scheme (javascript:, data:).
 */
const AudioUrlSchema = z.nullable(z.string().check(z.regex(/^(\/(?![/\\])|https?:\/\/)\S*$/)));

/**
 * An episode's JSON chapters on this site, which the player fetches when the episode plays: the
 * club's own files (`/media/podcasts/…chapters.json`), or a web show's chapters as the feed refresh
 * stored them (`/api/podcasts/episodes/<id>/chapters`); null when it has none the site serves.
 */
const ChaptersUrlSchema = z.nullable(
  z
    .string()
    .check(
      z.regex(
        /^(\/media\/podcasts\/[a-z0-9-]+\/[\w-]+\.chapters\.json|\/api\/podcasts\/episodes\/[1-9]\d*\/chapters)$/,
      ),
    ),
);

/** Seconds, or null when the feed does not say. */
const DurationSchema = z.nullable(z.int().check(z.minimum(0)));

export const LatestEpisodeSchema = z.object({
  id: z.int().check(z.positive()),
  title: z.string(),
  description: z.string(),
  duration: DurationSchema,
  publishDate: IsoDateSchema,
  audioUrl: AudioUrlSchema,
  /** As an episode's (the product adds it; an answer without it plays without chapters). */
  chaptersUrl: z.optional(ChaptersUrlSchema),
});
export type LatestEpisode = z.infer<typeof LatestEpisodeSchema>;

/** A podcast of the catalogue. */
export const PodcastSchema = z.object({
  id: z.int().check(z.positive()),
  /** Names the show's page, `/podcasts/<slug>`. */
  slug: z.string().check(z.minLength(1)),
  title: z.string(),
  host: z.string(),
  hostImage: ImageUrlSchema,
  imageUrl: ImageUrlSchema,
  description: z.string(),
  categories: z.array(z.string()),
  episodeCount: z.int().check(z.minimum(0)),
  latestEpisode: z.nullable(LatestEpisodeSchema),
  platform: PodcastPlatformSchema,
  publishFrequency: PublishFrequencySchema,
  rating: z.number().check(z.gte(RATING_MIN), z.lte(RATING_MAX)),
  /** The show on its platform; null for the club's own shows, which are published only here. */
  externalUrl: z.nullable(HttpUrlSchema),
  isNew: z.boolean(),
  isTrending: z.boolean(),
  isFeatured: z.boolean(),
});
export type Podcast = z.infer<typeof PodcastSchema>;

/**
 * What a screen requires of a podcast in an answer: every field but `slug` and
 * `isFeatured`, which the product adds and which may be absent: without a slug a podcast links to no show
 * page here (its title is plain text).
 */
export const PodcastReadingSchema = z.partial(PodcastSchema, { slug: true, isFeatured: true });
export type PodcastReading = z.infer<typeof PodcastReadingSchema>;

/**
 * The podcast fields Podcast Discovery reads; it requires no others of an answer (a slug,
 * when there is one, links the show's page).
 */
export const DiscoveryPodcastSchema = z.pick(PodcastReadingSchema, {
  id: true,
  slug: true,
  title: true,
  host: true,
  description: true,
  imageUrl: true,
  latestEpisode: true,
  platform: true,
  externalUrl: true,
});
export type DiscoveryPodcast = z.infer<typeof DiscoveryPodcastSchema>;

/** An episode as the episode lists and players show it (the podcast summary's episodes). */
export const EpisodeSchema = z.object({
  id: z.int().check(z.positive()),
  podcastId: z.int().check(z.positive()),
  /** The show's slug: the episode's page is `/podcasts/<podcastSlug>/<id>`. */
  podcastSlug: z.string().check(z.minLength(1)),
  podcastTitle: z.string(),
  title: z.string(),
  description: z.string(),
  imageUrl: ImageUrlSchema,
  /** Publication date, YYYY-MM-DD. */
  date: IsoDateSchema,
  duration: DurationSchema,
  audioUrl: AudioUrlSchema,
  chaptersUrl: ChaptersUrlSchema,
});
export type Episode = z.infer<typeof EpisodeSchema>;

export const FeaturedEpisodeSchema = z.extend(EpisodeSchema, {
  hostName: z.string(),
  hostImage: ImageUrlSchema,
});
export type FeaturedEpisode = z.infer<typeof FeaturedEpisodeSchema>;

/**
 * What a screen requires of an episode of the podcast summary: every field but its show
 * (`podcastId`, `podcastSlug`, `podcastTitle`) and `audioUrl`, which the product adds and which may
 * be absent: the episode's line then names no show, and an episode without audio has no play button.
 */
const EPISODE_PRODUCT_FIELDS = {
  podcastId: true,
  podcastSlug: true,
  podcastTitle: true,
  audioUrl: true,
  chaptersUrl: true,
} as const;
export const EpisodeReadingSchema = z.partial(EpisodeSchema, EPISODE_PRODUCT_FIELDS);
export type EpisodeReading = z.infer<typeof EpisodeReadingSchema>;
export const FeaturedEpisodeReadingSchema = z.partial(FeaturedEpisodeSchema, EPISODE_PRODUCT_FIELDS);
export type FeaturedEpisodeReading = z.infer<typeof FeaturedEpisodeReadingSchema>;

export const PodcastCategorySchema = z.object({
  id: z.int().check(z.positive()),
  name: z.string(),
  imageUrl: ImageUrlSchema,
  podcastCount: z.int().check(z.minimum(0)),
});
export type PodcastCategory = z.infer<typeof PodcastCategorySchema>;

const optionalText = (max: number, what: string) =>
  z.optional(z.string().check(z.trim(), z.maxLength(max, `${what} must be at most ${max} characters`)));

export const PodcastFiltersSchema = z.object({
  /** Case-insensitive substring of title, host or description. */
  q: optionalText(100, "Search text"),
  /** A category name; empty means all. */
  category: optionalText(60, "Category"),
  minRating: z.optional(
    z.coerce
      .number("Minimum rating must be a number from 1 to 5")
      .check(
        z.gte(RATING_MIN, "Minimum rating must be a number from 1 to 5"),
        z.lte(RATING_MAX, "Minimum rating must be a number from 1 to 5"),
      ),
  ),
});
export type PodcastFilters = z.infer<typeof PodcastFiltersSchema>;

export const PodcastSummaryResponseSchema = z.object({
  featuredEpisode: z.nullable(FeaturedEpisodeSchema),
  recentEpisodes: z.array(EpisodeSchema),
  podcasts: z.array(PodcastSchema),
});
export type PodcastSummaryResponse = z.infer<typeof PodcastSummaryResponseSchema>;

/** How screens read the podcast answers: episodes and podcasts as the reading schemas above. */
export const PodcastSummaryReadingSchema = z.object({
  featuredEpisode: z.nullable(FeaturedEpisodeReadingSchema),
  recentEpisodes: z.array(EpisodeReadingSchema),
  podcasts: z.array(PodcastReadingSchema),
});
export type PodcastSummaryReading = z.infer<typeof PodcastSummaryReadingSchema>;
export const PodcastListReadingSchema = z.object({ podcasts: z.array(PodcastReadingSchema) });
/** Podcast Discovery's reading of the same lists: only the fields it shows. */
export const DiscoveryPodcastListReadingSchema = z.object({ podcasts: z.array(DiscoveryPodcastSchema) });

export const listPodcasts = defineEndpoint({
  method: "GET",
  path: "/api/podcasts",
  querystring: PodcastFiltersSchema,
  responses: { 200: PodcastSummaryResponseSchema },
});

export const listPodcastCategories = defineEndpoint({
  method: "GET",
  path: "/api/podcasts/categories",
  responses: { 200: z.object({ categories: z.array(PodcastCategorySchema) }) },
});

export const listRealPodcasts = defineEndpoint({
  method: "GET",
  path: "/api/real-podcasts",
  responses: { 200: z.object({ podcasts: z.array(PodcastSchema) }) },
});

export const listFeaturedRealPodcasts = defineEndpoint({
  method: "GET",
  path: "/api/real-podcasts/featured",
  responses: { 200: z.object({ podcasts: z.array(PodcastSchema) }) },
});
