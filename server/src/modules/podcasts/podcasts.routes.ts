import {
  listFeaturedRealPodcasts,
  listPodcastCategories,
  listPodcasts,
  listRealPodcasts,
  type PodcastFilters,
} from "@waveform/contracts/podcasts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { createPodcastsRepository, type PodcastsRepository } from "./podcasts.repository";

async function summary(podcasts: PodcastsRepository, filters: PodcastFilters) {
  const [featuredEpisode, recentEpisodes, list] = await Promise.all([
    podcasts.featuredEpisode(),
    podcasts.recentEpisodes(),
    podcasts.search(filters),
  ]);
  return listPodcasts.responses[200].parse({ featuredEpisode, recentEpisodes, podcasts: list });
}

export const podcastsRoutes: FastifyPluginAsyncZod = async (app) => {
  const podcasts = createPodcastsRepository(app.db);
  const reads = app.pageReads;

  reads.route(app, listPodcasts, ({ query: filters }) => ({
    // Unsearched views (at most 41 rating steps) are cached; searches go to the index.
    cacheKey:
      filters.q || filters.category
        ? undefined
        : `podcasts:rating:${filters.minRating === undefined ? "any" : Math.round(filters.minRating * 10)}`,
    load: () => summary(podcasts, filters),
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
