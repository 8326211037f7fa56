// The podcasts module's public surface: the routes for app.ts, feed ingestion for the podcasts CLI
// and the seed, and the repository for the search benchmark.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { podcastMediaRoutes } from "./podcast-media.routes";
import { podcastPagesRoutes } from "./podcast-pages.routes";
import { podcastsRoutes as listingRoutes } from "./podcasts.routes";

export { type IngestOutcome, ingestFeed, type RefreshSummary, refreshFeeds } from "./ingestion";
export type { PodcastFacts } from "./podcast-writer";
export { createPodcastsRepository } from "./podcasts.repository";

/**
 * Every podcast route: the listings (SPEC §7), the show and episode pages' reads, and the audio of
 * the club's own shows (/media/podcasts/…).
 */
export const podcastsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(listingRoutes);
  await app.register(podcastPagesRoutes);
  await app.register(podcastMediaRoutes);
};
