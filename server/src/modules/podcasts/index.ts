// The podcasts module's public surface: the routes for app.ts, feed ingestion for the podcasts CLI
// and the seed, and the repository for the search benchmark.
export { type IngestOutcome, ingestFeed, type RefreshSummary, refreshFeeds } from "./ingestion";
export type { PodcastFacts } from "./podcast-writer";
export { createPodcastsRepository } from "./podcasts.repository";
export { podcastsRoutes } from "./podcasts.routes";
