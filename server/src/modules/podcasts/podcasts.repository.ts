import {
  type Episode,
  type FeaturedEpisode,
  PODCAST_RESULT_LIMIT,
  type Podcast,
  type PodcastCategory,
  type PodcastFilters,
  RECENT_EPISODE_LIMIT,
} from "@waveform/contracts/podcasts";
import { and, asc, desc, eq, getTableColumns, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import {
  episodes,
  podcastCategories,
  podcastCategoryLinks,
  podcastSearchText,
  podcasts,
} from "../../db/schema";
import { slugify } from "../../lib/slugify";
import { artUrl, imageOrArt } from "../artwork/art-urls";
import { podcastPlatformSearchUrl } from "./podcast-platforms";

type PodcastRow = typeof podcasts.$inferSelect;
type EpisodeRow = typeof episodes.$inferSelect;

const isoDate = (date: Date | null) => (date ?? new Date(0)).toISOString().slice(0, 10);
const podcastArt = (row: Pick<PodcastRow, "imageUrl" | "slug">) =>
  imageOrArt(row.imageUrl, "podcast", row.slug);
const hostArt = (row: Pick<PodcastRow, "hostImageUrl" | "host" | "slug">) =>
  imageOrArt(row.hostImageUrl, "artist", slugify(row.host || row.slug));

/** Only http(s) addresses leave the server; anything else in a feed becomes "unknown". */
const httpOrNull = (url: string | null) => (url && /^https?:\/\//i.test(url) ? url : null);

/** LIKE pattern for a case-insensitive "contains", with the user's wildcards taken literally. */
const containsPattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, "\\$&")}%`;

function toPodcast(row: PodcastRow, latest: EpisodeRow | null, categories: string[]): Podcast {
  return {
    id: row.id,
    title: row.title,
    host: row.host,
    hostImage: hostArt(row),
    imageUrl: podcastArt(row),
    description: row.description,
    categories,
    episodeCount: row.episodeCount,
    latestEpisode: latest
      ? {
          id: latest.id,
          title: latest.title,
          description: latest.description,
          duration: latest.durationSeconds,
          publishDate: isoDate(latest.publishedAt),
          audioUrl: httpOrNull(latest.audioUrl),
        }
      : null,
    platform: row.platform as Podcast["platform"],
    publishFrequency: row.publishFrequency as Podcast["publishFrequency"],
    rating: row.ratingTenths / 10,
    externalUrl:
      httpOrNull(row.externalUrl) ?? podcastPlatformSearchUrl(row.platform as Podcast["platform"], row.title),
    isNew: row.isNew,
    isTrending: row.isTrending,
    isFeatured: row.isFeatured,
  };
}

function toEpisode(row: EpisodeRow, podcast: PodcastRow): Episode {
  return {
    id: row.id,
    podcastId: podcast.id,
    podcastTitle: podcast.title,
    title: row.title,
    description: row.description,
    // Feed artwork is not hot-linked (same-site images only); episodes show their podcast's art.
    imageUrl: podcastArt(podcast),
    date: isoDate(row.publishedAt),
    duration: row.durationSeconds,
    audioUrl: httpOrNull(row.audioUrl),
  };
}

const categoryNames = sql<string[]>`coalesce((
  select array_agg(${podcastCategories.name} order by ${podcastCategories.sortOrder}, ${podcastCategories.name})
  from ${podcastCategoryLinks}
  join ${podcastCategories} on ${podcastCategories.id} = ${podcastCategoryLinks.categoryId}
  where ${podcastCategoryLinks.podcastId} = "podcasts"."id"
), '{}')`;

export function createPodcastsRepository(db: Database) {
  const selectPodcasts = (where: SQL | undefined, limit: number) =>
    db
      .select({
        podcast: getTableColumns(podcasts),
        latest: getTableColumns(episodes),
        categories: categoryNames,
      })
      .from(podcasts)
      .leftJoin(episodes, eq(episodes.id, podcasts.latestEpisodeId))
      .where(where)
      .orderBy(desc(podcasts.isFeatured), desc(podcasts.ratingTenths), asc(podcasts.title), asc(podcasts.id))
      .limit(limit);

  const recentEpisodes = (where: SQL | undefined, limit: number) =>
    db
      .select({ episode: getTableColumns(episodes), podcast: getTableColumns(podcasts) })
      .from(episodes)
      .innerJoin(podcasts, eq(podcasts.id, episodes.podcastId))
      .where(where)
      .orderBy(sql`${episodes.publishedAt} desc nulls last, ${episodes.id} desc nulls last`)
      .limit(limit);

  return {
    /** Podcasts matching the filters (SPEC §5), best first, at most PODCAST_RESULT_LIMIT. */
    async search(filters: PodcastFilters): Promise<Podcast[]> {
      const conditions: SQL[] = [];
      if (filters.q)
        conditions.push(sql`${podcastSearchText(podcasts)} like lower(${containsPattern(filters.q)})`);
      if (filters.minRating !== undefined) {
        conditions.push(sql`${podcasts.ratingTenths} >= ${Math.round(filters.minRating * 10)}`);
      }
      if (filters.category) {
        conditions.push(sql`exists (
          select 1 from ${podcastCategoryLinks}
          join ${podcastCategories} on ${podcastCategories.id} = ${podcastCategoryLinks.categoryId}
          where ${podcastCategoryLinks.podcastId} = "podcasts"."id"
            and lower(${podcastCategories.name}) like lower(${containsPattern(filters.category)}))`);
      }
      const rows = await selectPodcasts(
        conditions.length ? and(...conditions) : undefined,
        PODCAST_RESULT_LIMIT,
      );
      return rows.map((row) => toPodcast(row.podcast, row.latest, row.categories));
    },

    async featuredPodcasts(): Promise<Podcast[]> {
      const rows = await selectPodcasts(eq(podcasts.isFeatured, true), PODCAST_RESULT_LIMIT);
      return rows.map((row) => toPodcast(row.podcast, row.latest, row.categories));
    },

    /** The featured podcast's newest episode, with its host; null when no podcast is featured. */
    async featuredEpisode(): Promise<FeaturedEpisode | null> {
      const [row] = await db
        .select({ episode: getTableColumns(episodes), podcast: getTableColumns(podcasts) })
        .from(podcasts)
        .innerJoin(episodes, eq(episodes.id, podcasts.latestEpisodeId))
        .where(eq(podcasts.isFeatured, true))
        .orderBy(desc(podcasts.ratingTenths), asc(podcasts.id))
        .limit(1);
      if (!row) return null;
      return {
        ...toEpisode(row.episode, row.podcast),
        hostName: row.podcast.host,
        hostImage: hostArt(row.podcast),
      };
    },

    async recentEpisodes(limit = RECENT_EPISODE_LIMIT): Promise<Episode[]> {
      const rows = await recentEpisodes(undefined, limit);
      return rows.map((row) => toEpisode(row.episode, row.podcast));
    },

    async categories(): Promise<PodcastCategory[]> {
      const rows = await db
        .select({
          id: podcastCategories.id,
          name: podcastCategories.name,
          slug: podcastCategories.slug,
          imageUrl: podcastCategories.imageUrl,
          podcastCount: sql<number>`count(${podcastCategoryLinks.podcastId})::int`,
        })
        .from(podcastCategories)
        .leftJoin(podcastCategoryLinks, eq(podcastCategoryLinks.categoryId, podcastCategories.id))
        .groupBy(podcastCategories.id)
        .orderBy(asc(podcastCategories.sortOrder), asc(podcastCategories.name));
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        imageUrl: row.imageUrl ?? artUrl("genre", `podcast-${row.slug}`),
        podcastCount: row.podcastCount,
      }));
    },
  };
}

export type PodcastsRepository = ReturnType<typeof createPodcastsRepository>;
