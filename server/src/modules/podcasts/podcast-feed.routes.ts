import type { FastifyPluginAsync } from "fastify";
import { etagFor, ifNoneMatchMatches } from "../../lib/etag";
import { HttpError } from "../../plugins/errors";
import { createPodcastFeedRepository } from "./podcast-feed.repository";
import { type EpisodePostsOf, type FeedSite, podcastFeedXml } from "./podcast-feed-xml";

const SLUG = /^[\p{L}\p{N}._-]{1,120}$/u;

/**
 * GET /podcasts/:show/feed.xml: a club show's podcast feed, for podcast apps and directories. 404
 * for an unknown show and for one read from someone else's feed. Built once a minute at most (the
 * catalogue cache), answered with an ETag; other sites' web players may read it (CORS). `episodePosts`
 * (given by app.ts when the club is on the fediverse) names each episode's post in its item.
 */
export const podcastFeedRoutes: FastifyPluginAsync<FeedSite & { episodePosts?: EpisodePostsOf }> = async (
  app,
  options,
) => {
  const feeds = createPodcastFeedRepository(app.db);
  app.get<{ Params: { show: string } }>("/podcasts/:show/feed.xml", async (request, reply) => {
    const { show } = request.params;
    if (!SLUG.test(show)) throw new HttpError(404, "Show not found");
    // The catalogue cache keeps JSON: the feed is cached as a JSON string (null: not one of ours).
    const cached = await app.catalogueCache.read(`podcast-feed:${show}`, async () => {
      const feed = await feeds.ownShowFeed(show);
      if (!feed) return null;
      const posts = options.episodePosts ? await options.episodePosts(show) : new Map();
      return podcastFeedXml(feed, options, posts);
    });
    const xml = JSON.parse(cached) as string | null;
    if (xml === null) throw new HttpError(404, "Show not found, or not one of the club's own");
    const etag = etagFor(xml);
    reply.headers({
      etag,
      "cache-control": "public, max-age=60, must-revalidate",
      "access-control-allow-origin": "*",
      "cross-origin-resource-policy": "cross-origin",
    });
    if (ifNoneMatchMatches(request.headers["if-none-match"], etag)) return reply.status(304).send();
    return reply.type("application/rss+xml; charset=utf-8").send(xml);
  });
};
