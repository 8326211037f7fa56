import type * as Resvg from "@resvg/resvg-js";
import type { FastifyPluginAsync } from "fastify";
import { etagFor, ifNoneMatchMatches } from "../../lib/etag";
import { HttpError } from "../../plugins/errors";
import { renderArtwork } from "../artwork/index";

/** Podcast directories want square JPEG or PNG artwork of 1400–3000 px (Apple's rule). */
export const PODCAST_ARTWORK_PX = 1400;
const SLUG = /^[\p{L}\p{N}._-]{1,120}$/u;
/** Shows are few; a bound keeps made-up names from filling memory (a PNG is ~100 kB). */
const MAX_CACHED = 64;

/** resvg (a native addon) is loaded with the first image drawn, not at start. */
let resvg: Promise<typeof Resvg> | undefined;
const loadResvg = () =>
  (resvg ??= import("@resvg/resvg-js").catch((error: unknown) => {
    resvg = undefined;
    throw error;
  }));

/**
 * GET /art/podcast/:slug.png: a show's generated artwork (the same picture as its .svg) as a
 * 1400 px PNG, for its published feed's itunes:image. Drawn once per show and kept.
 */
export const podcastArtworkRoutes: FastifyPluginAsync = async (app) => {
  const cache = new Map<string, Promise<{ png: Buffer; etag: string }>>();
  const draw = async (slug: string) => {
    const svg = renderArtwork("podcast", slug);
    const { renderAsync } = await loadResvg();
    const png = (await renderAsync(svg, { fitTo: { mode: "width", value: PODCAST_ARTWORK_PX } })).asPng();
    return { png, etag: etagFor(svg) };
  };
  app.get<{ Params: { slug: string } }>("/art/podcast/:slug.png", async (request, reply) => {
    const { slug } = request.params;
    if (!SLUG.test(slug)) throw new HttpError(404, "Not found");
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
