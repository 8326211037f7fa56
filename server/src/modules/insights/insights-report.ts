import { type InsightsReport, LISTENING_APPS, type ListeningApp } from "@waveform/contracts/insights";
import { type AnyColumn, and, between, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { advertisements, episodes, insightCounts, playlists, podcasts } from "../../db/schema";
import { DAY_MS, utcDay } from "./daily-salts";
import { METRIC, UNIQUE } from "./insights-buffer";
import { reportWindow, sumOf, windowUniques } from "./insights-window";

/** Every UTC day from `from` to `to`, both included. */
function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  for (let time = Date.parse(from); time <= Date.parse(to); time += DAY_MS) days.push(utcDay(time));
  return days;
}

/** The console's report of the last `days` UTC days: daily figures, top lists, downloads by app, ads. */
export async function readReport(db: Database, days: number, now: number): Promise<InsightsReport> {
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
}
