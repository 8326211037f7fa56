import {
  INSIGHT_SIGNAL_MIN_VISITORS,
  type MostPlayed,
  TRENDING_WINDOW_DAYS,
  type Trending,
  type TrendingItem,
} from "@waveform/contracts/insights";
import { and, desc, eq, getTableColumns, inArray, sql } from "drizzle-orm";
import { unionAll } from "drizzle-orm/pg-core";
import type { Database } from "../../db/client";
import { episodes, playlists, podcasts } from "../../db/schema";
import { imageOrArt } from "../artwork/index";
import { hasStoredChapters, toEpisode } from "../podcasts/index";
import { UNIQUE } from "./insights-buffer";
import { reportWindow, sumOf, windowUniques } from "./insights-window";

// What the site shows its visitors from the counts: trending things and a show's most played
// episodes, each only once enough visitors gave signals (INSIGHT_SIGNAL_MIN_VISITORS).

/**
 * Trending over the last TRENDING_WINDOW_DAYS: playlists, shows and episodes by their unique
 * visitors (a sum of days): each visitor once a day per thing, whether they viewed its page,
 * listened in the player or downloaded (`UNIQUE.subject`, raw-uniques.ts; issue 43).
 */
export async function readTrending(db: Database, now: number): Promise<Trending> {
  const { from, to } = reportWindow(TRENDING_WINDOW_DAYS, now);
  const u = windowUniques(db, from, to);
  const totals = db.$with("totals").as(
    db
      .select({
        kind: sql<string>`split_part(${u.item}, ':', 1)`.as("subject_kind"),
        id: sql<number | null>`case when ${u.item} ~ '^(playlist|episode):[1-9][0-9]{0,9}$'
            then substring(${u.item} from '[0-9]+$')::bigint end`.as("subject_id"),
        slug: sql<string | null>`case when ${u.item} like 'show:%' then substring(${u.item} from 6) end`.as(
          "subject_slug",
        ),
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
}

/** A show's most played episodes (player listeners and downloads); undefined for an unknown show. */
export async function readMostPlayed(
  db: Database,
  slug: string,
  now: number,
): Promise<MostPlayed | undefined> {
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
  if (ranked.reduce((n, row) => n + row.listeners, 0) < INSIGHT_SIGNAL_MIN_VISITORS) return { episodes: [] };
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
}
