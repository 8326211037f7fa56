import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import {
  DiscoveryPodcastSchema,
  listFeaturedRealPodcasts,
  listPodcastCategories,
  listPodcasts,
  listRealPodcasts,
  type PodcastFilters,
} from "@waveform/contracts/podcasts";
import * as z from "zod/mini";
import { apiRequest, apiRequestOrNull } from "../../lib/api-client";

/** Featured episode, recent episodes and the podcasts matching `filters` (all when empty). */
export const podcastSummaryQuery = (filters: PodcastFilters = {}) =>
  queryOptions({
    queryKey: ["podcasts", "summary", filters.q ?? "", filters.category ?? "", filters.minRating ?? null],
    queryFn: ({ signal }) =>
      apiRequest(listPodcasts, {
        query: { q: filters.q, category: filters.category, minRating: filters.minRating },
        signal,
      }),
    // A new filter keeps the last answer on screen until the next one arrives (no skeleton flash).
    placeholderData: keepPreviousData,
  });

export const podcastCategoriesQuery = queryOptions({
  queryKey: ["podcasts", "categories"],
  queryFn: async ({ signal }) => (await apiRequest(listPodcastCategories, { signal })).categories,
});

const DiscoveryAnswer = z.object({ podcasts: z.array(DiscoveryPodcastSchema) });

/**
 * Podcast Discovery's lists, read as the fields that page shows (SPEC §3). SPEC §6: the podcast
 * catalogue calls treat a 401 answer as no data.
 */
export const discoveryPodcastsQuery = queryOptions({
  queryKey: ["real-podcasts", "discovery"],
  queryFn: async ({ signal }) =>
    (await apiRequestOrNull(listRealPodcasts, { signal, answer: DiscoveryAnswer }))?.podcasts ?? [],
});

export const discoveryFeaturedPodcastsQuery = queryOptions({
  queryKey: ["real-podcasts", "featured", "discovery"],
  queryFn: async ({ signal }) =>
    (await apiRequestOrNull(listFeaturedRealPodcasts, { signal, answer: DiscoveryAnswer }))?.podcasts ?? [],
});

/** The featured podcast of 'Music Podcasts', every field (SPEC §6: 401 is no data). */
export const featuredRealPodcastsQuery = queryOptions({
  queryKey: ["real-podcasts", "featured"],
  queryFn: async ({ signal }) =>
    (await apiRequestOrNull(listFeaturedRealPodcasts, { signal }))?.podcasts ?? [],
});
