// The podcasts module's public surface: the routes for app.ts, feed ingestion for the podcasts CLI
// and the seed, and the repository for the search benchmark.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { podcastArtworkRoutes } from "./podcast-artwork.routes";
import { podcastChaptersRoutes } from "./podcast-chapters.routes";
import { podcastFeedRoutes } from "./podcast-feed.routes";
import type { EpisodePostsOf, FeedSite } from "./podcast-feed-xml";
import { type MediaAnswered, podcastMediaRoutes } from "./podcast-media.routes";
import { podcastPagesRoutes } from "./podcast-pages.routes";
import { podcastsRoutes as listingRoutes } from "./podcasts.routes";

export { type IngestOutcome, ingestFeed, type RefreshSummary, refreshFeeds } from "./ingestion";
export {
  createPodcastFeedRepository,
  type OwnFeedEpisode,
} from "./podcast-feed.repository";
export type { PodcastFacts } from "./podcast-writer";
export { createPodcastsRepository } from "./podcasts.repository";

/**
 * What the club's published feeds need (the site's address, PUBLIC_URL, its name and info address),
 * who is told of each media answer sent (the insights module's download count, given by app.ts), and,
 * when the club is on the fediverse, the posts of a show's episodes for its feed (the federation
 * module's lookup, given by app.ts: podcasts never imports federation, which reads podcasts).
 */
type PodcastsOptions = FeedSite & { mediaAnswered: MediaAnswered; episodePosts?: EpisodePostsOf };

/**
 * Every podcast route: the listings (`/api/podcasts`, its categories, `/api/real-podcasts`), the show
 * and episode pages' reads, web episodes' stored chapters (/api/podcasts/episodes/:episode/chapters),
 * and the club's own shows as podcasts: their audio (/media/podcasts/…), feeds
 * (/podcasts/:show/feed.xml) and PNG artwork for those feeds (/art/podcast/:slug.png).
 */
export const podcastsRoutes: FastifyPluginAsyncZod<PodcastsOptions> = async (app, options) => {
  await app.register(listingRoutes);
  await app.register(podcastPagesRoutes);
  await app.register(podcastChaptersRoutes);
  await app.register(podcastMediaRoutes, { answered: options.mediaAnswered });
  await app.register(podcastArtworkRoutes);
  await app.register(podcastFeedRoutes, {
    publicUrl: options.publicUrl,
    site: options.site,
    ...(options.episodePosts && { episodePosts: options.episodePosts }),
  });
};
export { hasStoredChapters } from "../podcast-timed-text/index";
// The insights module: which episode an audio address is, and episodes as the API sends them.
export { PODCAST_MEDIA_PREFIX, podcastMediaSize } from "./podcast-media-files";
export { toEpisode } from "./podcast-pages.repository";
export { createConsolePodcastsRepository } from "./podcasts-console.repository";
export { podcastsConsoleRoutes } from "./podcasts-console.routes";
