import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import type { PodcastFilters } from "@waveform/contracts/podcasts";
import { apiRequest, apiRequestOrNull } from "../../lib/api/request";

// Endpoints and reading schemas load with the first request (see lib/api/request.ts). Podcasts and
// episodes are read with the fields screens require (PodcastReadingSchema, EpisodeReadingSchema).
const podcastsContract = () => import("@waveform/contracts/podcasts");

/** Featured episode, recent episodes and the podcasts matching `filters` (all when empty). */
export const podcastSummaryQuery = (filters: PodcastFilters = {}) =>
  queryOptions({
    queryKey: ["podcasts", "summary", filters.q ?? "", filters.category ?? "", filters.minRating ?? null],
    queryFn: async ({ signal }) => {
      const { listPodcasts, PodcastSummaryReadingSchema } = await podcastsContract();
      return apiRequest(listPodcasts, {
        query: { q: filters.q, category: filters.category, minRating: filters.minRating },
        signal,
        answer: PodcastSummaryReadingSchema,
      });
    },
    // A new filter keeps the last answer on screen until the next one arrives (no skeleton flash).
    placeholderData: keepPreviousData,
  });

export const podcastCategoriesQuery = queryOptions({
  queryKey: ["podcasts", "categories"],
  queryFn: async ({ signal }) =>
    (await apiRequest((await podcastsContract()).listPodcastCategories, { signal })).categories,
});

/**
 * Podcast Discovery's lists, read as the fields that page shows. The podcast
 * catalogue calls treat a 401 answer as no data.
 */
export const discoveryPodcastsQuery = queryOptions({
  queryKey: ["real-podcasts", "discovery"],
  queryFn: async ({ signal }) => {
    const { listRealPodcasts, DiscoveryPodcastListReadingSchema } = await podcastsContract();
    return (
      (await apiRequestOrNull(listRealPodcasts, { signal, answer: DiscoveryPodcastListReadingSchema }))
        ?.podcasts ?? []
    );
  },
});

export const discoveryFeaturedPodcastsQuery = queryOptions({
  queryKey: ["real-podcasts", "featured", "discovery"],
  queryFn: async ({ signal }) => {
    const { listFeaturedRealPodcasts, DiscoveryPodcastListReadingSchema } = await podcastsContract();
    const answer = DiscoveryPodcastListReadingSchema;
    return (await apiRequestOrNull(listFeaturedRealPodcasts, { signal, answer }))?.podcasts ?? [];
  },
});

/** The featured podcast of 'Music Podcasts', every field a screen requires (401 is no data). */
export const featuredRealPodcastsQuery = queryOptions({
  queryKey: ["real-podcasts", "featured"],
  queryFn: async ({ signal }) => {
    const { listFeaturedRealPodcasts, PodcastListReadingSchema } = await podcastsContract();
    const answer = PodcastListReadingSchema;
    return (await apiRequestOrNull(listFeaturedRealPodcasts, { signal, answer }))?.podcasts ?? [];
  },
});
