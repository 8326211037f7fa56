import * as z from "zod/mini";
import { HttpUrlSchema, ImageUrlSchema, IsoDateSchema } from "./catalogue";
import { defineEndpoint } from "./endpoint";
import { EpisodeSchema, PodcastSchema } from "./podcasts";
import { rowIdParam } from "./row-id";

/** A show page lists this many episodes, then 'Load More Episodes' asks for the next ones. */
export const SHOW_EPISODES_PAGE_SIZE = 20;

/** How to follow a show in a podcast app. */
export const ShowSubscribeSchema = z.object({
  /**
   * The address a podcast app subscribes to: for the club's own shows the site path of their feed
   * (`/podcasts/<slug>/feed.xml`, made absolute with the site's address), else the show's feed.
   */
  feedUrl: z.string().check(z.regex(/^(\/(?!\/)|https?:\/\/)/)),
  /** The club publishes the show: its feed is `/podcasts/<slug>/feed.xml` on this site. */
  ownFeed: z.boolean(),
  /** The show's own website, when its feed names one (the club's shows have their page here instead). */
  websiteUrl: z.nullable(HttpUrlSchema),
  /** The show on its platform: its page there when known, else the platform's search for it. */
  /** The show on its platform; null for the club's own shows. */
  platformUrl: z.nullable(HttpUrlSchema),
});
export type ShowSubscribe = z.infer<typeof ShowSubscribeSchema>;

export const ShowSchema = z.extend(
  z.pick(PodcastSchema, {
    id: true,
    slug: true,
    title: true,
    host: true,
    hostImage: true,
    imageUrl: true,
    description: true,
    categories: true,
    episodeCount: true,
    platform: true,
    publishFrequency: true,
    rating: true,
  }),
  { subscribe: ShowSubscribeSchema },
);
export type Show = z.infer<typeof ShowSchema>;

export const ShowParamsSchema = z.object({
  show: z.string().check(z.minLength(1), z.maxLength(200)),
});

export const ShowEpisodesQuerySchema = z.object({
  /** How many of the newest episodes to skip. */
  offset: z.optional(
    z.coerce
      .number("Offset must be a whole number from 0")
      .check(z.int("Offset must be a whole number from 0"), z.gte(0, "Offset must be a whole number from 0")),
  ),
});

/** A show and one page of its episodes, newest first. */
export const ShowPageSchema = z.object({
  show: ShowSchema,
  episodes: z.array(EpisodeSchema),
  /** The offset of the next page, or null when this page holds the oldest episode. */
  nextOffset: z.nullable(z.int().check(z.minimum(0))),
});
export type ShowPage = z.infer<typeof ShowPageSchema>;

export const getShowPage = defineEndpoint({
  method: "GET",
  path: "/api/podcasts/shows/:show",
  params: ShowParamsSchema,
  querystring: ShowEpisodesQuerySchema,
  responses: { 200: ShowPageSchema },
});

/** A link in an episode's show notes, kept as a plain https anchor. */
export const ShowNoteLinkSchema = z.object({ text: z.string(), url: HttpUrlSchema });

/**
 * One paragraph of show notes: text runs and links, in order. The link is tried first: a plain
 * text object would also accept a link and drop its `url`.
 */
export const ShowNoteParagraphSchema = z.array(z.union([ShowNoteLinkSchema, z.object({ text: z.string() })]));
export type ShowNoteParagraph = z.infer<typeof ShowNoteParagraphSchema>;

/** A neighbouring episode of the same show (previous = older, next = newer). */
export const EpisodeNeighbourSchema = z.object({
  id: z.int().check(z.positive()),
  title: z.string(),
  date: IsoDateSchema,
});
export type EpisodeNeighbour = z.infer<typeof EpisodeNeighbourSchema>;

/** A chapter of an episode (Podcasting 2.0 JSON chapters): where it starts, in seconds, and its title. */
export const EpisodeChapterSchema = z.object({
  startTime: z.number().check(z.gte(0)),
  title: z.string(),
});
export type EpisodeChapter = z.infer<typeof EpisodeChapterSchema>;

/** One cue of an episode's transcript (WebVTT): start and end in seconds, and its words as plain text. */
export const TranscriptCueSchema = z.object({
  start: z.number().check(z.gte(0)),
  end: z.number().check(z.gte(0)),
  text: z.string(),
});
export type TranscriptCue = z.infer<typeof TranscriptCueSchema>;

export const EpisodePageSchema = z.object({
  show: z.object({
    slug: z.string(),
    title: z.string(),
    host: z.string(),
    imageUrl: ImageUrlSchema,
  }),
  episode: EpisodeSchema,
  /** The show notes as safe text: paragraphs of text and https links (no markup from the feed). */
  showNotes: z.array(ShowNoteParagraphSchema),
  previous: z.nullable(EpisodeNeighbourSchema),
  next: z.nullable(EpisodeNeighbourSchema),
  /** The episode's chapters in order; empty when it has none the site can read (the club's own files). */
  chapters: z.array(EpisodeChapterSchema),
  /** The episode's transcript, cue by cue in order; empty when it has none the site can read. */
  transcript: z.array(TranscriptCueSchema),
});
export type EpisodePage = z.infer<typeof EpisodePageSchema>;

export const EpisodeParamsSchema = z.object({
  show: z.string().check(z.minLength(1), z.maxLength(200)),
  episode: z.string().check(z.minLength(1), z.maxLength(20)),
});

export const getEpisodePage = defineEndpoint({
  method: "GET",
  path: "/api/podcasts/shows/:show/episodes/:episode",
  params: EpisodeParamsSchema,
  responses: { 200: EpisodePageSchema },
});

/** A JSON chapters file (Podcasting 2.0, `application/json+chapters`), as the club's own files are written. */
export const ChaptersFileSchema = z.object({
  version: z.literal("1.2.0"),
  chapters: z.array(EpisodeChapterSchema),
});
export type ChaptersFile = z.infer<typeof ChaptersFileSchema>;

/**
 * A web show's episode's chapters as the feed refresh stored them (decision 0027), served from this
 * site so the player may fetch them (the CSP allows this site only); 404 when none are stored from
 * the address its feed links now. The address is the episode's `chaptersUrl` when it has them.
 */
export const getEpisodeChapters = defineEndpoint({
  method: "GET",
  path: "/api/podcasts/episodes/:episode/chapters",
  params: z.object({
    episode: rowIdParam("episode must be an episode's id", "This episode has no chapters stored"),
  }),
  responses: { 200: ChaptersFileSchema },
});
