import * as z from "zod/mini";
import { IsoDateSchema } from "./catalogue";
import { defineEndpoint } from "./endpoint";
import { ErrorSchema } from "./errors";
import { ShowParamsSchema } from "./podcast-pages";
import { EpisodeSchema } from "./podcasts";
import { ROW_ID_MAX } from "./row-id";

/**
 * Cookie-less insights (issue 33, decision 0022). A visitor is a truncated hash of a daily salt,
 * the site, the IP address and the User-Agent; nothing identifying outlives the UTC day. The server
 * counts server-rendered pages, `/media/...` downloads and saves to Spotify itself; the client sends
 * what only it sees through one beacon.
 */

/** At most this many events in one beacon; a longer batch answers 400. */
export const INSIGHT_BATCH_MAX = 20;
/** The beacon's body is at most this many bytes (413 beyond). */
export const INSIGHT_BODY_MAX_BYTES = 16 * 1024;
/**
 * Beacons and ad pings one address may send a minute (together); beyond, 429 and nothing counted
 * (issue 43). A page sends one beacon per idle moment or page hide, so a household or an office
 * behind one address stays far below it; a flood gets at most INSIGHT_BATCH_MAX times this events.
 */
export const INSIGHT_BEACONS_PER_MINUTE = 120;
/** Trending and "Most played" answer an empty list while fewer visitors than this gave signals. */
export const INSIGHT_SIGNAL_MIN_VISITORS = 10;
/** Trending and "Most played" look at the last this many UTC days, today included. */
export const TRENDING_WINDOW_DAYS = 7;

const SitePathSchema = z.string().check(z.regex(/^\/(?!\/)/, "A path on this site"), z.maxLength(500));
const PositiveIdSchema = z.int().check(z.positive(), z.lte(ROW_ID_MAX));

export const PLAY_STAGES = ["start", "listened30"] as const;
export type PlayStage = (typeof PLAY_STAGES)[number];

/**
 * One thing the client saw. `pageview` is for client-side navigations ONLY (the server counts the
 * pages it renders as it serves them; a beacon for the first page would count it twice).
 * `referrer`: leave it out for client-side navigations (`document.referrer` stays the landing
 * page's referrer for the whole visit, and the server counted that page's Referer as it served it);
 * when sent, the server keeps its domain only, and drops our own.
 * `play`: the site's player started an episode (`start`, once per episode a page visit) or has
 * played 30 s of it in all (`listened30`, once). The player plays episodes only (PlayerEpisode).
 * `search-empty`: a search that found nothing; its term is kept only as a count per term and day.
 * `ad-impression`: the sponsor banner was rendered (once per ad a page). `ad-click`: its link was
 * followed, when the browser does not send the anchor's `ping` (see recordAdClickPing).
 */
export const InsightEventSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("pageview"),
    path: SitePathSchema,
    referrer: z.optional(z.string().check(z.maxLength(2000))),
  }),
  z.object({ kind: z.literal("play"), episodeId: PositiveIdSchema, stage: z.enum(PLAY_STAGES) }),
  z.object({
    kind: z.literal("search-empty"),
    term: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)),
  }),
  z.object({ kind: z.literal("ad-impression"), adId: PositiveIdSchema }),
  z.object({ kind: z.literal("ad-click"), adId: PositiveIdSchema }),
]);
export type InsightEvent = z.infer<typeof InsightEventSchema>;
export type InsightEventKind = InsightEvent["kind"];

export const InsightBatchSchema = z
  .array(InsightEventSchema)
  .check(z.minLength(1), z.maxLength(INSIGHT_BATCH_MAX, `At most ${INSIGHT_BATCH_MAX} events in one batch`));
export type InsightBatch = z.infer<typeof InsightBatchSchema>;

/**
 * The beacon: `navigator.sendBeacon(path, JSON.stringify(events))`. The body is JSON whether it
 * comes as `application/json` or as `text/plain` (what sendBeacon sends for a string). 204, no
 * cookie, no body; a visitor with `DNT: 1` or `Sec-GPC: 1`, or a bot, gets 204 too and is not
 * counted (the client need not check). 429 past INSIGHT_BEACONS_PER_MINUTE from one address.
 * Counted only: views of pages that exist (a playlist, show, episode, genre or issue the catalogue
 * holds), plays of episodes and impressions and clicks of ads that exist; a visitor's impression
 * and click once per ad and day; at most a few distinct search terms and referrer domains a
 * visitor and day. Anything else in a valid batch is dropped without an error.
 */
export const postInsightEvents = defineEndpoint({
  method: "POST",
  path: "/api/insights/events",
  body: InsightBatchSchema,
  responses: { 204: z.null(), 429: ErrorSchema },
});

export const AdClickParamsSchema = z.object({
  adId: z.coerce.number("Ad id must be a whole number").check(z.int(), z.positive(), z.lte(ROW_ID_MAX)),
});

/**
 * The sponsor link's `ping` attribute: `<a href={ad.ctaUrl} ping="/api/insights/ad-click/7">`
 * (Chromium sends `Content-Type: text/ping`, body "PING"; any body is ignored). 204 (an unknown ad
 * is not counted); 429 past INSIGHT_BEACONS_PER_MINUTE, counted with the beacons. The anchor's
 * href stays the sponsor's own address.
 */
export const recordAdClickPing = defineEndpoint({
  method: "POST",
  path: "/api/insights/ad-click/:adId",
  params: AdClickParamsSchema,
  responses: { 204: z.null(), 429: ErrorSchema },
});

// ---------------------------------------------------------------------------------------------
// The console's report (editors and admins).

export const INSIGHT_REPORT_DAYS = [7, 30, 90] as const;
export type InsightReportDays = (typeof INSIGHT_REPORT_DAYS)[number];
const DAYS_MESSAGE = "Choose 7, 30 or 90 days";

export const InsightsQuerySchema = z.object({
  /** The last this many UTC days, today included; 7 when absent. */
  days: z.optional(
    z.coerce
      .number(DAYS_MESSAGE)
      .check(z.refine((days) => (INSIGHT_REPORT_DAYS as readonly number[]).includes(days), DAYS_MESSAGE)),
  ),
});
export type InsightsQuery = z.infer<typeof InsightsQuerySchema>;

/**
 * The listening apps a download is credited to, from its User-Agent. `browser`: a web browser
 * (the site's own player among them); `other`: anything else that is not a bot.
 */
export const LISTENING_APPS = [
  "apple-podcasts",
  "spotify",
  "overcast",
  "pocket-casts",
  "antennapod",
  "browser",
  "other",
] as const;
export type ListeningApp = (typeof LISTENING_APPS)[number];
export const LISTENING_APP_NAMES: Record<ListeningApp, string> = {
  "apple-podcasts": "Apple Podcasts",
  spotify: "Spotify",
  overcast: "Overcast",
  "pocket-casts": "Pocket Casts",
  antennapod: "AntennaPod",
  browser: "A web browser",
  other: "Other apps",
};

const Count = z.int().check(z.minimum(0));

/**
 * One UTC day. `visitors`: unique visitors that day (a visitor is only recognisable within a day,
 * so over several days visitors are a sum of days, never "unique over the week"). Today's figures
 * are live: they grow until the day ends.
 */
export const InsightDaySchema = z.object({
  day: IsoDateSchema,
  visitors: Count,
  pageViews: Count,
  downloads: Count,
  spotifySaves: Count,
});
export type InsightDay = z.infer<typeof InsightDaySchema>;

export const InsightsReportSchema = z.object({
  days: z.int(),
  /** First and last UTC day of the report, both included; `daily` has every day between, zeros too. */
  from: IsoDateSchema,
  to: IsoDateSchema,
  daily: z.array(InsightDaySchema),
  totals: z.object({ visitors: Count, pageViews: Count, downloads: Count, spotifySaves: Count }),
  /** Most viewed first, at most 20. `visitors`: a sum of the days' unique visitors of the page. */
  topPages: z.array(z.object({ path: z.string(), views: Count, visitors: Count })),
  /** Playlist pages (`/playlist/:id`) most viewed first, at most 10; `title` as the catalogue has it now. */
  topPlaylists: z.array(z.object({ playlistId: z.int(), title: z.string(), views: Count, visitors: Count })),
  /** Downloads (IAB v2.2) per day and app; days without downloads left out. */
  downloadsByDayAndApp: z.array(
    z.object({ day: IsoDateSchema, app: z.enum(LISTENING_APPS), downloads: Count }),
  ),
  /** Downloads over the window per app, every app listed (zeros too), in LISTENING_APPS order. */
  downloadsByApp: z.array(z.object({ app: z.enum(LISTENING_APPS), downloads: Count })),
  /** Most downloaded episodes first, at most 20. */
  topEpisodes: z.array(
    z.object({
      episodeId: z.int(),
      title: z.string(),
      showTitle: z.string(),
      showSlug: z.string(),
      downloads: Count,
    }),
  ),
  /** Episodes played in the site's player, most started first, at most 20. */
  playThrough: z.array(
    z.object({
      episodeId: z.int(),
      title: z.string(),
      showTitle: z.string(),
      showSlug: z.string(),
      started: Count,
      listened30: Count,
    }),
  ),
  /** Domains visitors came from (never our own), most first, at most 20. */
  referrers: z.array(z.object({ domain: z.string(), visits: Count })),
  /** Searches that found nothing, most asked first, at most 50; `lastSeen` is a UTC day. */
  emptySearches: z.array(z.object({ term: z.string(), count: Count, lastSeen: IsoDateSchema })),
  /**
   * Every advertisement whose schedule overlaps the window, newest start first: impressions and
   * clicks over its schedule (within the window); `clickRate` is clicks / impressions (0-1), null
   * with no impressions.
   */
  ads: z.array(
    z.object({
      adId: z.int(),
      title: z.string(),
      startsAt: z.string(),
      endsAt: z.string(),
      impressions: Count,
      clicks: Count,
      clickRate: z.nullable(z.number()),
    }),
  ),
});
export type InsightsReport = z.infer<typeof InsightsReportSchema>;

/** GET: the report. 400 for days other than 7/30/90; 401 signed out; editors and admins. */
export const getInsightsReport = defineEndpoint({
  method: "GET",
  path: "/api/admin/insights",
  querystring: InsightsQuerySchema,
  responses: { 200: InsightsReportSchema },
});

/**
 * The same report as CSV (`text/csv`, `Content-Disposition: attachment; filename=
 * "insights-<from>-to-<to>.csv"`): one section per part, each headed by a line naming it
 * (`# Daily`, `# Top pages`, …) then a header row. Not a defineEndpoint: its answer is text.
 */
export const INSIGHTS_CSV_PATH = "/api/admin/insights.csv";

// ---------------------------------------------------------------------------------------------
// What visitors see: trending and most played.

export const TRENDING_KINDS = ["playlist", "episode", "show"] as const;
export type TrendingKind = (typeof TRENDING_KINDS)[number];

/**
 * One trending thing: its page (`path`) and title, and its unique visitors over the last
 * TRENDING_WINDOW_DAYS (viewers of its page plus, for episodes, listeners in the player and
 * downloads — a sum of days).
 */
export const TrendingItemSchema = z.object({
  kind: z.enum(TRENDING_KINDS),
  id: z.int(),
  title: z.string(),
  /** A short line under the title: the playlist's curator or the episode's show. */
  subtitle: z.string(),
  path: SitePathSchema,
  imageUrl: z.string(),
  visitors: Count,
});
export type TrendingItem = z.infer<typeof TrendingItemSchema>;

/** At most 12 items, most visitors first; empty while fewer than INSIGHT_SIGNAL_MIN_VISITORS in all. */
export const TrendingSchema = z.object({ items: z.array(TrendingItemSchema) });
export type Trending = z.infer<typeof TrendingSchema>;

/** "Trending in the club this week". Public, `Cache-Control: public, max-age=300`. */
export const getTrending = defineEndpoint({
  method: "GET",
  path: "/api/insights/trending",
  responses: { 200: TrendingSchema },
});

/** An episode of the show with its unique listeners (player starts and downloads) over the window. */
export const MostPlayedEpisodeSchema = z.extend(EpisodeSchema, { listeners: Count });
export type MostPlayedEpisode = z.infer<typeof MostPlayedEpisodeSchema>;

/**
 * At most 5 episodes, most listeners first. Empty while the show's episodes had fewer than
 * INSIGHT_SIGNAL_MIN_VISITORS listeners in all over the window (the client hides the section).
 */
export const MostPlayedSchema = z.object({ episodes: z.array(MostPlayedEpisodeSchema) });
export type MostPlayed = z.infer<typeof MostPlayedSchema>;

/**
 * A separate answer, not a field of getShowPage, so the show page's own answer stays as cacheable
 * as it is. Public, `Cache-Control: public, max-age=300`; 404 for an unknown show.
 */
export const getMostPlayed = defineEndpoint({
  method: "GET",
  path: "/api/podcasts/shows/:show/most-played",
  params: ShowParamsSchema,
  responses: { 200: MostPlayedSchema },
});
