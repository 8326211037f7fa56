import {
  type Episode,
  type FeaturedEpisode,
  PODCAST_RESULT_LIMIT,
  type Podcast,
  type PodcastCategory,
  type PodcastFilters,
  RECENT_EPISODE_LIMIT,
} from "@waveform/contracts/podcasts";
import { and, arrayOverlaps, asc, eq, gte, like, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { episodes, podcastCategories, podcastCategoryLinks, podcasts } from "../../db/schema";
import { artUrl } from "../artwork/index";
import {
  hostArt,
  type ListingRow,
  listedEpisode,
  listedPodcast,
  toEpisode,
  toPodcast,
} from "./podcast-listing";
import { latestEpisodeFirst, podcastListingOrder } from "./podcast-order";

/** LIKE pattern for a case-insensitive "contains", with the user's wildcards taken literally. */
const containsPattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, "\\$&")}%`;

/**
 * `json_build_object('key', column, …)`: the columns as one JSON object whose keys are the
 * fields' names, so the row reads by name. The keys are this file's own field names, written
 * into the statement as literals.
 */
function jsonObject(columns: Record<string, SQLWrapper>): SQL {
  const pairs = Object.entries(columns).map(([key, column]) => {
    if (!/^\w+$/.test(key)) throw new Error(`Not a field name: ${key}`);
    return sql`${sql.raw(`'${key}'`)}, ${column}`;
  });
  return sql`json_build_object(${sql.join(pairs, sql`, `)})`;
}

/** The fields named in `names`, as `subquery` has them (its columns, under its alias). */
function fieldsOf<K extends string>(names: Record<K, unknown>, subquery: NoInfer<Record<K, SQLWrapper>>) {
  return Object.fromEntries(Object.keys(names).map((key) => [key, subquery[key as K]])) as Record<
    K,
    SQLWrapper
  >;
}

export function createPodcastsRepository(db: Database) {
  /**
   * One statement: the page of podcasts first (filter, order, limit on the podcasts table alone;
   * podcasts_listing_order_idx gives that order), then each one's latest episode by id. The
   * episode is a lateral subquery with LIMIT 1 so that it stays one primary-key probe per row of
   * the page: as a plain join the planner may prefer a merge join that walks the episodes index.
   * Each row comes back as one JSON value, { podcast: {…}, latestEpisode: {…} | null }, rather
   * than 22 columns: PGlite pays a fixed cost per returned value, which for a page of 100 podcasts
   * was more than the search itself. Its keys cost about 1 ms a page of 100 over a JSON array read
   * by position (PGlite p50 4.0 -> 4.8 ms, PostgreSQL 2.2 -> 2.7 ms for q=jazz, minRating=4), and
   * buy a row that reads by name.
   */
  const listing = (where: SQL | undefined, limit: number) => {
    const page = db
      .select({ ...listedPodcast, latestEpisodeId: podcasts.latestEpisodeId })
      .from(podcasts)
      .where(where)
      .orderBy(...podcastListingOrder(podcasts))
      .limit(limit)
      .as("page");
    const latest = db
      .select(listedEpisode)
      .from(episodes)
      .where(eq(episodes.id, page.latestEpisodeId))
      .limit(1)
      .as("latest");
    const row = jsonObject({
      podcast: jsonObject(fieldsOf(listedPodcast, page)),
      // No episode yet: null, not an object of nulls.
      latestEpisode: sql`case when ${latest.id} is null then null
        else ${jsonObject(fieldsOf(listedEpisode, latest))} end`,
    });
    return db
      .select({ row: sql<ListingRow>`${row}` })
      .from(page)
      .leftJoinLateral(latest, sql`true`)
      .orderBy(...podcastListingOrder(page));
  };
  const toPodcasts = (rows: Array<{ row: ListingRow }>): Podcast[] =>
    rows.map(({ row }) => toPodcast(row.podcast, row.latestEpisode));
  const selectPodcasts = async (where: SQL | undefined, limit: number): Promise<Podcast[]> =>
    toPodcasts(await listing(where, limit));
  /**
   * A search by its text, with or without a lowest rating: the common search, and the one a storm
   * of searches is made of. Its statement is built once, with placeholders, instead of by the query
   * builder on every request (a tenth of the event loop's time during such a storm).
   */
  const textSearches = {
    anyRating: listing(like(podcasts.searchText, sql.placeholder("pattern")), PODCAST_RESULT_LIMIT).prepare(
      "podcasts_text_search",
    ),
    rated: listing(
      and(
        like(podcasts.searchText, sql.placeholder("pattern")),
        gte(podcasts.ratingTenths, sql.placeholder("ratingTenths")),
      ),
      PODCAST_RESULT_LIMIT,
    ).prepare("podcasts_text_search_rated"),
  };

  const recentEpisodes = (where: SQL | undefined, limit: number) =>
    db
      .select({ episode: listedEpisode, podcast: listedPodcast })
      .from(episodes)
      .innerJoin(podcasts, eq(podcasts.id, episodes.podcastId))
      .where(where)
      .orderBy(latestEpisodeFirst)
      .limit(limit);

  return {
    /**
     * Podcasts matching the filters (text in title, host or description; category; minimum rating),
     * best first, at most PODCAST_RESULT_LIMIT.
     */
    async search(filters: PodcastFilters): Promise<Podcast[]> {
      if (filters.q && !filters.category) {
        const pattern = containsPattern(filters.q);
        if (filters.minRating === undefined)
          return toPodcasts(await textSearches.anyRating.execute({ pattern }));
        const ratingTenths = Math.round(filters.minRating * 10);
        return toPodcasts(await textSearches.rated.execute({ pattern, ratingTenths }));
      }
      const conditions: SQL[] = [];
      // containsPattern lower-cases already; search_text is stored lower-cased.
      if (filters.q) conditions.push(like(podcasts.searchText, containsPattern(filters.q)));
      if (filters.minRating !== undefined) {
        conditions.push(gte(podcasts.ratingTenths, Math.round(filters.minRating * 10)));
      }
      if (filters.category) {
        // A category whose name contains the text, case-insensitively: the matching names first (a
        // handful of rows), then the podcasts whose category_names (kept in step with the links by
        // the writer) overlap them. Given as values, the planner can use the GIN index and its
        // statistics; as a subquery in the same statement it would guess 1% of rows.
        const names = await db
          .select({ name: podcastCategories.name })
          .from(podcastCategories)
          .where(like(sql`lower(${podcastCategories.name})`, containsPattern(filters.category)));
        if (names.length === 0) return [];
        conditions.push(
          arrayOverlaps(
            podcasts.categoryNames,
            names.map((row) => row.name),
          ),
        );
      }
      return selectPodcasts(conditions.length ? and(...conditions) : undefined, PODCAST_RESULT_LIMIT);
    },

    async featuredPodcasts(): Promise<Podcast[]> {
      return selectPodcasts(eq(podcasts.isFeatured, true), PODCAST_RESULT_LIMIT);
    },

    /**
     * The newest episode of the first featured podcast in listing order (the one
     * featuredPodcasts() lists first), with its host; null when no podcast is featured.
     */
    async featuredEpisode(): Promise<FeaturedEpisode | null> {
      const [row] = await db
        .select({ episode: listedEpisode, podcast: listedPodcast })
        .from(podcasts)
        .innerJoin(episodes, eq(episodes.id, podcasts.latestEpisodeId))
        .where(eq(podcasts.isFeatured, true))
        .orderBy(...podcastListingOrder(podcasts))
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
