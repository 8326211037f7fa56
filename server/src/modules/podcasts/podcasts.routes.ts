import {
  listFeaturedRealPodcasts,
  listPodcastCategories,
  listPodcasts,
  listRealPodcasts,
  type PodcastFilters,
} from "@waveform/contracts/podcasts";
import type { FastifyInstance } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ConcurrencyGate } from "../../lib/concurrency-gate";
import { createPodcastsRepository, type PodcastsRepository } from "./podcasts.repository";

/** Uncached podcast searches running at once; more are turned away (503, Retry-After). */
export const PODCAST_SEARCHES_AT_ONCE = 8;
/** A search turned away is answered after this long (see ConcurrencyGate): still well inside a second. */
const SHED_DELAY_MS = 100;

/** The search as the repository matches it (trimmed by the contract, case-blind): one cache key. */
const searchText = (value: string | undefined) => (value ?? "").toLowerCase();

/** The cache key of a podcast list: every view is cached, searches under their normalised text. */
function podcastListKey(filters: PodcastFilters): string {
  const rating = filters.minRating === undefined ? "any" : Math.round(filters.minRating * 10);
  const q = searchText(filters.q);
  const category = searchText(filters.category);
  if (!q && !category) return `podcasts:rating:${rating}`;
  return `podcasts:search:${rating}:${JSON.stringify([q, category])}`;
}

/**
 * The podcast listing: the podcasts the filters find, beside the featured and recent episodes. Those
 * two are the same for every search, so they are read once and kept with the catalogue cache
 * (`remember`): a search costs the database one statement, not three.
 */
async function summary(app: FastifyInstance, podcasts: PodcastsRepository, filters: PodcastFilters) {
  const [[featuredEpisode, recentEpisodes], list] = await Promise.all([
    app.catalogueCache.remember("podcasts:episodes", () =>
      Promise.all([podcasts.featuredEpisode(), podcasts.recentEpisodes()]),
    ),
    podcasts.search(filters),
  ]);
  return listPodcasts.responses[200].parse({ featuredEpisode, recentEpisodes, podcasts: list });
}

export const podcastsRoutes: FastifyPluginAsyncZod = async (app) => {
  const podcasts = createPodcastsRepository(app.db);
  const reads = app.pageReads;
  const searches = new ConcurrencyGate(PODCAST_SEARCHES_AT_ONCE, { shedDelayMs: SHED_DELAY_MS });

  reads.route(app, listPodcasts, ({ query: filters }) => ({
    // Searches are cached too (a minute, dropped on writes); the database sees one of each at a
    // time, and only so many different ones at once.
    cacheKey: podcastListKey(filters),
    load: () =>
      filters.q || filters.category
        ? searches.run(() => summary(app, podcasts, filters))
        : summary(app, podcasts, filters),
  }));

  reads.route(app, listPodcastCategories, () => ({
    cacheKey: "podcasts:categories",
    load: async () => listPodcastCategories.responses[200].parse({ categories: await podcasts.categories() }),
  }));

  reads.route(app, listRealPodcasts, () => ({
    cacheKey: "real-podcasts",
    load: async () => listRealPodcasts.responses[200].parse({ podcasts: await podcasts.search({}) }),
  }));

  reads.route(app, listFeaturedRealPodcasts, () => ({
    cacheKey: "real-podcasts:featured",
    load: async () =>
      listFeaturedRealPodcasts.responses[200].parse({ podcasts: await podcasts.featuredPodcasts() }),
  }));
};
