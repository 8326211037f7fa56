import {
  INSIGHT_SIGNAL_MIN_VISITORS,
  type InsightsReport,
  LISTENING_APPS,
  type ListeningApp,
  type MostPlayed,
  TRENDING_WINDOW_DAYS,
  type Trending,
  type TrendingItem,
} from "@waveform/contracts/insights";
import { type AnyColumn, and, between, desc, eq, getTableColumns, inArray, type SQL, sql } from "drizzle-orm";
import { unionAll } from "drizzle-orm/pg-core";
import type { Database } from "../../db/client";
import {
  advertisements,
  episodes,
  insightCounts,
  insightUniques,
  playlists,
  podcasts,
} from "../../db/schema";
import { imageOrArt } from "../artwork/index";
import { hasStoredChapters, toEpisode } from "../podcasts/index";
import { DAY_MS, utcDay } from "./daily-salts";
import { METRIC, UNIQUE } from "./insights-buffer";
import { rawUniques } from "./raw-uniques";

/** The last `days` UTC days, today included. */
function reportWindow(days: number, now: number): { from: string; to: string } {
  return { from: utcDay(now - (days - 1) * DAY_MS), to: utcDay(now) };
}

/** Every UTC day from `from` to `to`, both included. */
function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  for (let time = Date.parse(from); time <= Date.parse(to); time += DAY_MS) days.push(utcDay(time));
  return days;
}

/**
 * Unique visitors per day and thing in [from, to], as the CTE `u` of the statement that reads it:
 * rolled-up days, and the raw rows of today (and of days not rolled up yet).
 */
function windowUniques(db: Database, from: string, to: string) {
  return db.$with("u").as(
    unionAll(
      db
        .select({
          day: insightUniques.day,
          metric: insightUniques.metric,
          item: insightUniques.item,
          visitors: insightUniques.visitors,
        })
        .from(insightUniques)
        .where(between(insightUniques.day, from, to)),
      rawUniques(db, (day) => between(day, from, to)),
    ),
  );
}

const sumOf = (column: AnyColumn | SQL) => sql<number>`coalesce(sum(${column}), 0)::int`;

export function createInsightsRepository(db: Database) {
  return {
    async report(days: number, now: number): Promise<InsightsReport> {
      const { from, to } = reportWindow(days, now);
      const u = windowUniques(db, from, to);
      const counted = (metric: string) =>
        and(between(insightCounts.day, from, to), eq(insightCounts.metric, metric));
      const views = sumOf(insightCounts.count);
      /** Page views by path in the window (`only`: a condition on the path). */
      const pageViews = (only?: SQL) =>
        db
          .select({ item: insightCounts.item, views: views.as("views") })
          .from(insightCounts)
          .where(and(counted(METRIC.pageView), only))
          .groupBy(insightCounts.item)
          .as("v");
      const pageVisitors = db
        .select({ item: u.item, visitors: sumOf(u.visitors).as("visitors") })
        .from(u)
        .where(eq(u.metric, UNIQUE.page))
        .groupBy(u.item)
        .as("p");
      const visitorsOfPage = sql<number>`coalesce(${pageVisitors.visitors}, 0)::int`;
      const pages = pageViews();
      const playlistPages = pageViews(sql`${insightCounts.item} ~ '^/playlist/[1-9][0-9]{0,8}$'`);
      const app = sql<string>`split_part(${u.item}, ':', 2)`;
      const downloadsOfEpisode = db
        .select({
          episodeId: sql<number>`split_part(${u.item}, ':', 1)::int`.as("episode_id"),
          downloads: sumOf(u.visitors).as("downloads"),
        })
        .from(u)
        .where(eq(u.metric, UNIQUE.download))
        .groupBy(sql`1`)
        .as("d");
      const plays = db
        .select({
          episodeId: sql<number>`${insightCounts.item}::int`.as("episode_id"),
          started:
            sql<number>`coalesce(sum(${insightCounts.count}) filter (where ${insightCounts.metric} = ${METRIC.playStart}), 0)::int`.as(
              "started",
            ),
          listened30:
            sql<number>`coalesce(sum(${insightCounts.count}) filter (where ${insightCounts.metric} = ${METRIC.playListened30}), 0)::int`.as(
              "listened30",
            ),
        })
        .from(insightCounts)
        .where(
          and(
            between(insightCounts.day, from, to),
            inArray(insightCounts.metric, [METRIC.playStart, METRIC.playListened30]),
          ),
        )
        .groupBy(sql`1`)
        .as("s");
      const episodeShow = { title: episodes.title, showTitle: podcasts.title, showSlug: podcasts.slug };
      const lastSeen = sql<string>`to_char(max(${insightCounts.day}), 'YYYY-MM-DD')`;
      /** An ad's events of one kind in the window and its schedule: per event before, per visitor since. */
      const adEvents = (event: string, visitors: string) => {
        const inSchedule = (day: AnyColumn) =>
          sql`${day} between coalesce(${advertisements.startsAt}, '-infinity')::date and coalesce(${advertisements.endsAt}, 'infinity')::date`;
        return sql<number>`(coalesce((select sum(${insightCounts.count}) from ${insightCounts}
            where ${counted(event)} and ${insightCounts.item} = ${advertisements.id}::text and ${inSchedule(insightCounts.day)}), 0)
          + coalesce((select sum(${u.visitors}) from ${u}
            where ${u.metric} = ${visitors} and ${u.item} = ${advertisements.id}::text and ${inSchedule(u.day)}), 0))::int`;
      };
      const utcIso = (column: AnyColumn) =>
        sql<string | null>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;
      const [
        dailyCounts,
        dailyUniques,
        topPages,
        topPlaylists,
        byDayApp,
        topEpisodes,
        playThrough,
        referrers,
        emptySearches,
        ads,
      ] = await Promise.all([
        db
          .select({ day: insightCounts.day, metric: insightCounts.metric, n: sumOf(insightCounts.count) })
          .from(insightCounts)
          .where(
            and(
              between(insightCounts.day, from, to),
              inArray(insightCounts.metric, [METRIC.pageView, METRIC.spotifySave]),
            ),
          )
          .groupBy(insightCounts.day, insightCounts.metric),
        db
          .with(u)
          .select({ day: u.day, metric: u.metric, n: sumOf(u.visitors) })
          .from(u)
          .where(inArray(u.metric, [UNIQUE.site, UNIQUE.download]))
          .groupBy(u.day, u.metric),
        db
          .with(u)
          .select({ path: pages.item, views: pages.views, visitors: visitorsOfPage })
          .from(pages)
          .leftJoin(pageVisitors, eq(pageVisitors.item, pages.item))
          .orderBy(desc(pages.views), pages.item)
          .limit(20),
        db
          .with(u)
          .select({
            playlistId: playlists.id,
            title: playlists.title,
            views: playlistPages.views,
            visitors: visitorsOfPage,
          })
          .from(playlistPages)
          .innerJoin(playlists, eq(playlists.id, sql`substring(${playlistPages.item} from 11)::int`))
          .leftJoin(pageVisitors, eq(pageVisitors.item, playlistPages.item))
          .orderBy(desc(playlistPages.views), playlists.id)
          .limit(10),
        db
          .with(u)
          .select({ day: u.day, app, downloads: sumOf(u.visitors) })
          .from(u)
          .where(eq(u.metric, UNIQUE.download))
          .groupBy(u.day, app)
          .orderBy(u.day, app),
        db
          .with(u)
          .select({ episodeId: episodes.id, ...episodeShow, downloads: downloadsOfEpisode.downloads })
          .from(downloadsOfEpisode)
          .innerJoin(episodes, eq(episodes.id, downloadsOfEpisode.episodeId))
          .innerJoin(podcasts, eq(podcasts.id, episodes.podcastId))
          .orderBy(desc(downloadsOfEpisode.downloads), episodes.id)
          .limit(20),
        db
          .select({
            episodeId: episodes.id,
            ...episodeShow,
            started: plays.started,
            listened30: plays.listened30,
          })
          .from(plays)
          .innerJoin(episodes, eq(episodes.id, plays.episodeId))
          .innerJoin(podcasts, eq(podcasts.id, episodes.podcastId))
          .orderBy(desc(plays.started), desc(plays.listened30), episodes.id)
          .limit(20),
        db
          .select({ domain: insightCounts.item, visits: views })
          .from(insightCounts)
          .where(counted(METRIC.referrer))
          .groupBy(insightCounts.item)
          .orderBy(desc(views), insightCounts.item)
          .limit(20),
        db
          .select({ term: insightCounts.item, count: views, lastSeen })
          .from(insightCounts)
          .where(counted(METRIC.searchEmpty))
          .groupBy(insightCounts.item)
          .orderBy(desc(views), desc(lastSeen), insightCounts.item)
          .limit(50),
        db
          .with(u)
          .select({
            adId: advertisements.id,
            title: advertisements.title,
            startsAt: utcIso(advertisements.startsAt),
            endsAt: utcIso(advertisements.endsAt),
            impressions: adEvents(METRIC.adImpression, UNIQUE.adImpression),
            clicks: adEvents(METRIC.adClick, UNIQUE.adClick),
          })
          .from(advertisements)
          .where(
            sql`coalesce(${advertisements.startsAt}, '-infinity') <= (${to}::date + 1)
              and coalesce(${advertisements.endsAt}, 'infinity') >= ${from}::date`,
          )
          .orderBy(sql`${advertisements.startsAt} desc nulls last`, desc(advertisements.id)),
      ]);
      const totalOf = (rows: { day: string; metric: string; n: number }[], day: string, metric: string) =>
        rows.find((row) => row.day === day && row.metric === metric)?.n ?? 0;
      const dailyRows = daysOf(from, to).map((day) => ({
        day,
        visitors: totalOf(dailyUniques, day, UNIQUE.site),
        pageViews: totalOf(dailyCounts, day, METRIC.pageView),
        downloads: totalOf(dailyUniques, day, UNIQUE.download),
        spotifySaves: totalOf(dailyCounts, day, METRIC.spotifySave),
      }));
      const sum = (pick: (row: (typeof dailyRows)[number]) => number) =>
        dailyRows.reduce((n, row) => n + pick(row), 0);
      const appTotals = new Map<ListeningApp, number>(LISTENING_APPS.map((app) => [app, 0]));
      const downloadsByDayAndApp = byDayApp
        .filter((row): row is { day: string; app: ListeningApp; downloads: number } =>
          appTotals.has(row.app as ListeningApp),
        )
        .map((row) => {
          appTotals.set(row.app, (appTotals.get(row.app) ?? 0) + row.downloads);
          return { day: row.day, app: row.app, downloads: row.downloads };
        });
      return {
        days,
        from,
        to,
        daily: dailyRows,
        totals: {
          visitors: sum((row) => row.visitors),
          pageViews: sum((row) => row.pageViews),
          downloads: sum((row) => row.downloads),
          spotifySaves: sum((row) => row.spotifySaves),
        },
        topPages,
        topPlaylists,
        downloadsByDayAndApp,
        downloadsByApp: LISTENING_APPS.map((app) => ({ app, downloads: appTotals.get(app) ?? 0 })),
        topEpisodes,
        playThrough,
        referrers,
        emptySearches,
        ads: ads.map((row) => ({
          adId: row.adId,
          title: row.title,
          startsAt: row.startsAt ?? "",
          endsAt: row.endsAt ?? "",
          impressions: row.impressions,
          clicks: row.clicks,
          clickRate: row.impressions > 0 ? row.clicks / row.impressions : null,
        })),
      };
    },

    /**
     * Trending over the last TRENDING_WINDOW_DAYS: playlists, shows and episodes by their unique
     * visitors (a sum of days): each visitor once a day per thing, whether they viewed its page,
     * listened in the player or downloaded (`UNIQUE.subject`, raw-uniques.ts; issue 43).
     */
    async trending(now: number): Promise<Trending> {
      const { from, to } = reportWindow(TRENDING_WINDOW_DAYS, now);
      const u = windowUniques(db, from, to);
      const totals = db.$with("totals").as(
        db
          .select({
            kind: sql<string>`split_part(${u.item}, ':', 1)`.as("subject_kind"),
            id: sql<number | null>`case when ${u.item} ~ '^(playlist|episode):[1-9][0-9]{0,9}$'
              then substring(${u.item} from '[0-9]+$')::bigint end`.as("subject_id"),
            slug: sql<
              string | null
            >`case when ${u.item} like 'show:%' then substring(${u.item} from 6) end`.as("subject_slug"),
            visitors: sumOf(u.visitors).as("subject_visitors"),
          })
          .from(u)
          .where(eq(u.metric, UNIQUE.subject))
          .groupBy(u.item),
      );
      const kind = (name: TrendingItem["kind"]) => sql<TrendingItem["kind"]>`${name}::text`;
      const items = unionAll(
        db
          .select({
            kind: kind("playlist").as("kind"),
            id: playlists.id,
            title: playlists.title,
            subtitle: playlists.curator,
            path: sql<string>`'/playlist/' || ${playlists.id}`.as("path"),
            imageUrl: playlists.imageUrl,
            artKey: playlists.slug,
            visitors: totals.visitors,
          })
          .from(totals)
          .innerJoin(
            playlists,
            and(eq(totals.kind, "playlist"), eq(playlists.id, totals.id), eq(playlists.published, true)),
          ),
        db
          .select({
            kind: kind("show"),
            id: podcasts.id,
            title: podcasts.title,
            subtitle: podcasts.host,
            path: sql<string>`'/podcasts/' || ${podcasts.slug}`,
            imageUrl: podcasts.imageUrl,
            artKey: podcasts.slug,
            visitors: totals.visitors,
          })
          .from(totals)
          .innerJoin(podcasts, and(eq(totals.kind, "show"), eq(podcasts.slug, totals.slug))),
        db
          .select({
            kind: kind("episode"),
            id: episodes.id,
            title: episodes.title,
            subtitle: podcasts.title,
            path: sql<string>`'/podcasts/' || ${podcasts.slug} || '/' || ${episodes.id}`,
            imageUrl: podcasts.imageUrl,
            artKey: podcasts.slug,
            visitors: totals.visitors,
          })
          .from(totals)
          .innerJoin(episodes, and(eq(totals.kind, "episode"), eq(episodes.id, totals.id)))
          .innerJoin(podcasts, eq(podcasts.id, episodes.podcastId)),
      ).as("items");
      const rows = await db
        .with(u, totals)
        .select()
        .from(items)
        .orderBy(desc(items.visitors), items.kind, items.id)
        .limit(12);
      const signals = rows.reduce((n, row) => n + row.visitors, 0);
      if (signals < INSIGHT_SIGNAL_MIN_VISITORS) return { items: [] };
      return {
        items: rows.map((row) => ({
          kind: row.kind,
          id: row.id,
          title: row.title,
          subtitle: row.subtitle,
          path: row.path,
          imageUrl: imageOrArt(row.imageUrl, row.kind === "playlist" ? "cover" : "podcast", row.artKey),
          visitors: row.visitors,
        })),
      };
    },

    /** A show's most played episodes (player listeners and downloads); undefined for an unknown show. */
    async mostPlayed(slug: string, now: number): Promise<MostPlayed | undefined> {
      const [show] = await db.select().from(podcasts).where(eq(podcasts.slug, slug)).limit(1);
      if (!show) return undefined;
      const { from, to } = reportWindow(TRENDING_WINDOW_DAYS, now);
      const u = windowUniques(db, from, to);
      const listeners = sumOf(u.visitors);
      const ranked = await db
        .with(u)
        .select({ episodeId: episodes.id, listeners })
        .from(u)
        .innerJoin(episodes, eq(episodes.id, sql`split_part(${u.item}, ':', 1)::int`))
        .where(and(inArray(u.metric, [UNIQUE.listener, UNIQUE.download]), eq(episodes.podcastId, show.id)))
        .groupBy(episodes.id)
        .orderBy(desc(listeners), desc(episodes.id));
      if (ranked.reduce((n, row) => n + row.listeners, 0) < INSIGHT_SIGNAL_MIN_VISITORS)
        return { episodes: [] };
      const top = ranked.slice(0, 5);
      const rows = await db
        .select({ ...getTableColumns(episodes), hasStoredChapters: hasStoredChapters() })
        .from(episodes)
        .where(inArray(episodes.id, top.length > 0 ? top.map((row) => row.episodeId) : [0]));
      const byId = new Map(rows.map((row) => [row.id, row]));
      return {
        episodes: top.flatMap((row) => {
          const episode = byId.get(row.episodeId);
          return episode
            ? [{ ...toEpisode(episode, show, episode.hasStoredChapters), listeners: row.listeners }]
            : [];
        }),
      };
    },
  };
}

export type InsightsRepository = ReturnType<typeof createInsightsRepository>;
