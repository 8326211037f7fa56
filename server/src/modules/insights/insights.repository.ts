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
import { eq, getTableColumns, inArray, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { episodes, podcasts } from "../../db/schema";
import { imageOrArt } from "../artwork/index";
import { hasStoredChapters, toEpisode } from "../podcasts/index";
import { DAY_MS, utcDay } from "./daily-salts";
import { METRIC, UNIQUE } from "./insights-buffer";
import { rawUniques } from "./raw-uniques";

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** Unique visitors per day and thing in [from, to]: rolled-up days, and the raw rows of today (and of days not rolled up yet). */
const uniques = (from: string, to: string) => sql`(
  select day, metric, item, visitors from insight_uniques where day between ${from}::date and ${to}::date
  union all
  select day, metric, item, visitors from ${rawUniques(sql`day between ${from}::date and ${to}::date`)} raw
)`;
const counts = (from: string, to: string) =>
  sql`(select day, metric, item, count from insight_counts where day between ${from}::date and ${to}::date)`;

/** The last `days` UTC days, today included. */
export function reportWindow(days: number, now: number): { from: string; to: string } {
  return { from: utcDay(now - (days - 1) * DAY_MS), to: utcDay(now) };
}

export function createInsightsRepository(db: Database) {
  const all = async <T>(query: SQL) => rowsOf<T>(await db.execute(query));

  return {
    async report(days: number, now: number): Promise<InsightsReport> {
      const { from, to } = reportWindow(days, now);
      const u = uniques(from, to);
      const c = counts(from, to);
      const [
        daily,
        topPages,
        topPlaylists,
        byDayApp,
        topEpisodes,
        playThrough,
        referrers,
        emptySearches,
        ads,
      ] = await Promise.all([
        all<{
          day: string;
          visitors: number;
          page_views: number;
          downloads: number;
          spotify_saves: number;
        }>(sql`
            select to_char(d, 'YYYY-MM-DD') as day,
              coalesce((select sum(visitors) from ${u} u where u.day = d and u.metric = ${UNIQUE.site}), 0)::int as visitors,
              coalesce((select sum(count) from ${c} c where c.day = d and c.metric = ${METRIC.pageView}), 0)::int as page_views,
              coalesce((select sum(visitors) from ${u} u where u.day = d and u.metric = ${UNIQUE.download}), 0)::int as downloads,
              coalesce((select sum(count) from ${c} c where c.day = d and c.metric = ${METRIC.spotifySave}), 0)::int as spotify_saves
            from generate_series(${from}::date, ${to}::date, interval '1 day') as d order by d`),
        all<{ path: string; views: number; visitors: number }>(sql`
            select v.item as path, v.views, coalesce(p.visitors, 0)::int as visitors
            from (select item, sum(count)::int as views from ${c} c where metric = ${METRIC.pageView} group by item) v
            left join (select item, sum(visitors)::int as visitors from ${u} u where metric = ${UNIQUE.page} group by item) p
              on p.item = v.item
            order by v.views desc, v.item limit 20`),
        all<{ playlist_id: number; title: string; views: number; visitors: number }>(sql`
            select pl.id as playlist_id, pl.title, v.views, coalesce(p.visitors, 0)::int as visitors
            from (select item, sum(count)::int as views from ${c} c
                  where metric = ${METRIC.pageView} and item ~ '^/playlist/[1-9][0-9]{0,8}$' group by item) v
            join playlists pl on pl.id = substring(v.item from 11)::int
            left join (select item, sum(visitors)::int as visitors from ${u} u where metric = ${UNIQUE.page} group by item) p
              on p.item = v.item
            order by v.views desc, pl.id limit 10`),
        all<{ day: string; app: string; downloads: number }>(sql`
            select to_char(day, 'YYYY-MM-DD') as day, split_part(item, ':', 2) as app, sum(visitors)::int as downloads
            from ${u} u where metric = ${UNIQUE.download} group by 1, 2 order by 1, 2`),
        all<{
          episode_id: number;
          title: string;
          show_title: string;
          show_slug: string;
          downloads: number;
        }>(sql`
            select e.id as episode_id, e.title, p.title as show_title, p.slug as show_slug, d.downloads
            from (select split_part(item, ':', 1)::int as episode_id, sum(visitors)::int as downloads
                  from ${u} u where metric = ${UNIQUE.download} group by 1) d
            join episodes e on e.id = d.episode_id join podcasts p on p.id = e.podcast_id
            order by d.downloads desc, e.id limit 20`),
        all<{
          episode_id: number;
          title: string;
          show_title: string;
          show_slug: string;
          started: number;
          listened30: number;
        }>(sql`
            select e.id as episode_id, e.title, p.title as show_title, p.slug as show_slug, s.started, s.listened30
            from (select item::int as episode_id,
                    coalesce(sum(count) filter (where metric = ${METRIC.playStart}), 0)::int as started,
                    coalesce(sum(count) filter (where metric = ${METRIC.playListened30}), 0)::int as listened30
                  from ${c} c where metric in (${METRIC.playStart}, ${METRIC.playListened30}) group by 1) s
            join episodes e on e.id = s.episode_id join podcasts p on p.id = e.podcast_id
            order by s.started desc, s.listened30 desc, e.id limit 20`),
        all<{ domain: string; visits: number }>(sql`
            select item as domain, sum(count)::int as visits from ${c} c where metric = ${METRIC.referrer}
            group by item order by 2 desc, 1 limit 20`),
        all<{ term: string; count: number; last_seen: string }>(sql`
            select item as term, sum(count)::int as count, to_char(max(day), 'YYYY-MM-DD') as last_seen
            from ${c} c where metric = ${METRIC.searchEmpty} group by item order by 2 desc, 3 desc, 1 limit 50`),
        all<{
          ad_id: number;
          title: string;
          starts_at: string | null;
          ends_at: string | null;
          impressions: number;
          clicks: number;
        }>(sql`
            select a.id as ad_id, a.title,
              to_char(a.starts_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as starts_at,
              to_char(a.ends_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as ends_at,
              (coalesce((select sum(count) from ${c} c where c.metric = ${METRIC.adImpression} and c.item = a.id::text
                and c.day between coalesce(a.starts_at, '-infinity')::date and coalesce(a.ends_at, 'infinity')::date), 0)
              + coalesce((select sum(visitors) from ${u} u where u.metric = ${UNIQUE.adImpression} and u.item = a.id::text
                and u.day between coalesce(a.starts_at, '-infinity')::date and coalesce(a.ends_at, 'infinity')::date), 0))::int as impressions,
              (coalesce((select sum(count) from ${c} c where c.metric = ${METRIC.adClick} and c.item = a.id::text
                and c.day between coalesce(a.starts_at, '-infinity')::date and coalesce(a.ends_at, 'infinity')::date), 0)
              + coalesce((select sum(visitors) from ${u} u where u.metric = ${UNIQUE.adClick} and u.item = a.id::text
                and u.day between coalesce(a.starts_at, '-infinity')::date and coalesce(a.ends_at, 'infinity')::date), 0))::int as clicks
            from advertisements a
            where coalesce(a.starts_at, '-infinity') <= (${to}::date + 1) and coalesce(a.ends_at, 'infinity') >= ${from}::date
            order by a.starts_at desc nulls last, a.id desc`),
      ]);
      const dailyRows = daily.map((row) => ({
        day: row.day,
        visitors: row.visitors,
        pageViews: row.page_views,
        downloads: row.downloads,
        spotifySaves: row.spotify_saves,
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
        topPlaylists: topPlaylists.map((row) => ({
          playlistId: row.playlist_id,
          title: row.title,
          views: row.views,
          visitors: row.visitors,
        })),
        downloadsByDayAndApp,
        downloadsByApp: LISTENING_APPS.map((app) => ({ app, downloads: appTotals.get(app) ?? 0 })),
        topEpisodes: topEpisodes.map((row) => ({
          episodeId: row.episode_id,
          title: row.title,
          showTitle: row.show_title,
          showSlug: row.show_slug,
          downloads: row.downloads,
        })),
        playThrough: playThrough.map((row) => ({
          episodeId: row.episode_id,
          title: row.title,
          showTitle: row.show_title,
          showSlug: row.show_slug,
          started: row.started,
          listened30: row.listened30,
        })),
        referrers,
        emptySearches: emptySearches.map((row) => ({
          term: row.term,
          count: row.count,
          lastSeen: row.last_seen,
        })),
        ads: ads.map((row) => ({
          adId: row.ad_id,
          title: row.title,
          startsAt: row.starts_at ?? "",
          endsAt: row.ends_at ?? "",
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
      const rows = await all<{
        kind: TrendingItem["kind"];
        id: number;
        title: string;
        subtitle: string;
        path: string;
        image_url: string | null;
        art_key: string;
        visitors: number;
      }>(sql`
        with totals as (
          select split_part(item, ':', 1) as kind,
            case when item ~ '^(playlist|episode):[1-9][0-9]{0,9}$' then substring(item from '[0-9]+$')::bigint end as id,
            case when item like 'show:%' then substring(item from 6) end as slug,
            sum(visitors)::int as visitors
          from ${uniques(from, to)} u where metric = ${UNIQUE.subject} group by item
        )
        select 'playlist' as kind, pl.id, pl.title, pl.curator as subtitle, '/playlist/' || pl.id as path,
          pl.image_url, pl.slug as art_key, t.visitors
        from totals t join playlists pl on t.kind = 'playlist' and pl.id = t.id and pl.published
        union all
        select 'show', p.id, p.title, p.host, '/podcasts/' || p.slug, p.image_url, p.slug, t.visitors
        from totals t join podcasts p on t.kind = 'show' and p.slug = t.slug
        union all
        select 'episode', e.id, e.title, p.title, '/podcasts/' || p.slug || '/' || e.id, p.image_url, p.slug, t.visitors
        from totals t join episodes e on t.kind = 'episode' and e.id = t.id join podcasts p on p.id = e.podcast_id
        order by visitors desc, kind, id limit 12`);
      const signals = rows.reduce((n, row) => n + row.visitors, 0);
      if (signals < INSIGHT_SIGNAL_MIN_VISITORS) return { items: [] };
      return {
        items: rows.map((row) => ({
          kind: row.kind,
          id: row.id,
          title: row.title,
          subtitle: row.subtitle,
          path: row.path,
          imageUrl: imageOrArt(row.image_url, row.kind === "playlist" ? "cover" : "podcast", row.art_key),
          visitors: row.visitors,
        })),
      };
    },

    /** A show's most played episodes (player listeners and downloads); undefined for an unknown show. */
    async mostPlayed(slug: string, now: number): Promise<MostPlayed | undefined> {
      const [show] = await db.select().from(podcasts).where(eq(podcasts.slug, slug)).limit(1);
      if (!show) return undefined;
      const { from, to } = reportWindow(TRENDING_WINDOW_DAYS, now);
      const ranked = await all<{ episode_id: number; listeners: number }>(sql`
        select e.id as episode_id, sum(u.visitors)::int as listeners
        from ${uniques(from, to)} u
        join episodes e on e.id = split_part(u.item, ':', 1)::int
        where u.metric in (${UNIQUE.listener}, ${UNIQUE.download}) and e.podcast_id = ${show.id}
        group by e.id order by listeners desc, e.id desc`);
      if (ranked.reduce((n, row) => n + row.listeners, 0) < INSIGHT_SIGNAL_MIN_VISITORS)
        return { episodes: [] };
      const top = ranked.slice(0, 5);
      const rows = await db
        .select({ ...getTableColumns(episodes), hasStoredChapters: hasStoredChapters() })
        .from(episodes)
        .where(inArray(episodes.id, top.length > 0 ? top.map((row) => row.episode_id) : [0]));
      const byId = new Map(rows.map((row) => [row.id, row]));
      return {
        episodes: top.flatMap((row) => {
          const episode = byId.get(row.episode_id);
          return episode
            ? [{ ...toEpisode(episode, show, episode.hasStoredChapters), listeners: row.listeners }]
            : [];
        }),
      };
    },
  };
}

export type InsightsRepository = ReturnType<typeof createInsightsRepository>;
