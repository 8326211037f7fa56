import type * as Resvg from "@resvg/resvg-js";
import type { FastifyPluginAsync } from "fastify";
import { etagFor, ifNoneMatchMatches } from "../../lib/etag";
import { WaitingGate } from "../../lib/wait-gate";
import { HttpError } from "../../plugins/errors";
import { renderArtwork } from "../artwork/index";
import { createPodcastFeedRepository } from "./podcast-feed.repository";

/** Podcast directories want square JPEG or PNG artwork of 1400–3000 px (Apple's rule). */
export const PODCAST_ARTWORK_PX = 1400;
const SLUG = /^[\p{L}\p{N}._-]{1,120}$/u;
/** Club shows are few; a bound all the same (a PNG is 100-500 kB). */
const MAX_CACHED = 64;
/**
 * A draw takes a core of the shared worker pool for 0.2-0.7 s: two at a time (as /og images) leave
 * the rest of the server room; the others wait their turn.
 */
export const PODCAST_ARTWORK_DRAWS_AT_ONCE = 2;

/** resvg (a native addon) is loaded with the first image drawn, not at start. */
let resvg: Promise<typeof Resvg> | undefined;
const loadResvg = () =>
  (resvg ??= import("@resvg/resvg-js").catch((error: unknown) => {
    resvg = undefined;
    throw error;
  }));

/**
 * GET /art/podcast/:slug.png: a club show's generated artwork (the same picture as its .svg) as a
 * 1400 px PNG, for its published feed's itunes:image. 404 for any other name, without drawing: only
 * the club's own shows have a published feed (their slugs are read once a minute at most, kept with
 * the catalogue cache). Drawn once per show and kept, at most PODCAST_ARTWORK_DRAWS_AT_ONCE at a time.
 */
export const podcastArtworkRoutes: FastifyPluginAsync = async (app) => {
  const feeds = createPodcastFeedRepository(app.db);
  const cache = new Map<string, Promise<{ png: Buffer; etag: string }>>();
  const draws = new WaitingGate(PODCAST_ARTWORK_DRAWS_AT_ONCE);
  const draw = (slug: string) =>
    draws.run(async () => {
      const svg = renderArtwork("podcast", slug);
      const { renderAsync } = await loadResvg();
      const png = (await renderAsync(svg, { fitTo: { mode: "width", value: PODCAST_ARTWORK_PX } })).asPng();
      return { png, etag: etagFor(svg) };
    });
  const isOwnShow = async (slug: string) =>
    (
      await app.catalogueCache.remember("podcasts:own-slugs", async () => new Set(await feeds.ownShowSlugs()))
    ).has(slug);
  app.get<{ Params: { slug: string } }>("/art/podcast/:slug.png", async (request, reply) => {
    const { slug } = request.params;
    if (!SLUG.test(slug) || !(await isOwnShow(slug))) {
      throw new HttpError(404, "Show not found, or not one of the club's own");
    }
    let entry = cache.get(slug);
    if (!entry) {
      entry = draw(slug);
      if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value ?? "");
      cache.set(slug, entry);
      entry.catch(() => cache.delete(slug));
    }
    const { png, etag } = await entry;
    reply.header("cache-control", "public, max-age=604800").header("etag", etag);
    if (ifNoneMatchMatches(request.headers["if-none-match"], etag)) return reply.status(304).send();
    return reply.type("image/png").send(png);
  });
};
