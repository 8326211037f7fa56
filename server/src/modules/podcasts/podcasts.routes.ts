import {
  listFeaturedRealPodcasts,
  listPodcastCategories,
  listPodcasts,
  listRealPodcasts,
  type PodcastFilters,
} from "@waveform/contracts/podcasts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { fromEndpoint } from "../../lib/endpoint-schema";
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
  const cache = app.catalogueCache;

  app.route({
    ...fromEndpoint(listPodcasts),
    handler: (request, reply) => {
      const filters = request.query;
      // Unsearched views (at most 41 rating steps) are cached; searches go to the index.
      if (!filters.q && !filters.category) {
        const key = `podcasts:rating:${filters.minRating === undefined ? "any" : Math.round(filters.minRating * 10)}`;
        return cache.send(request, reply, key, () => summary(podcasts, filters));
      }
      return summary(podcasts, filters);
    },
  });

  app.route({
    ...fromEndpoint(listPodcastCategories),
    handler: (request, reply) =>
      cache.send(request, reply, "podcasts:categories", async () =>
        listPodcastCategories.responses[200].parse({ categories: await podcasts.categories() }),
      ),
  });

  app.route({
    ...fromEndpoint(listRealPodcasts),
    handler: (request, reply) =>
      cache.send(request, reply, "real-podcasts", async () =>
        listRealPodcasts.responses[200].parse({ podcasts: await podcasts.search({}) }),
      ),
  });

  app.route({
    ...fromEndpoint(listFeaturedRealPodcasts),
    handler: (request, reply) =>
      cache.send(request, reply, "real-podcasts:featured", async () =>
        listFeaturedRealPodcasts.responses[200].parse({ podcasts: await podcasts.featuredPodcasts() }),
      ),
  });
};
