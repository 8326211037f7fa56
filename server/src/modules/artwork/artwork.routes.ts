import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import * as z from "zod/mini";
import { BoundedCache, stringBytes } from "../../lib/bounded-cache";
import { etagFor, ifNoneMatchMatches } from "../../lib/etag";
import { ART_KINDS } from "./art-urls";
import { renderArtwork } from "./artwork-svg";

const ParamsSchema = z.object({
  kind: z.enum(ART_KINDS),
  file: z.string().check(z.regex(/^[\p{L}\p{N}._-]{1,120}\.svg$/u)),
});

/**
 * Drawings kept: each is ~1 kB, and any name draws one, so both the count and the bytes are bounded
 * (the oldest goes first).
 */
export const ARTWORK_CACHE_LIMITS = { entries: 5000, bytes: 8 * 1024 * 1024 };

type ArtworkCache = BoundedCache<{ svg: string; etag: string }>;
export const createArtworkCache = (): ArtworkCache =>
  new BoundedCache(ARTWORK_CACHE_LIMITS, (entry) => stringBytes(entry.svg));

/**
 * GET /art/:kind/:key.svg: generated artwork, so the site looks complete with no image host.
 * `cache`: where drawings are kept (a test's, to look into; else the routes' own).
 */
export const artworkRoutes: FastifyPluginAsyncZod<{ cache?: ArtworkCache }> = async (app, options) => {
  const cache = options.cache ?? createArtworkCache();
  app.get("/art/:kind/:file", { schema: { params: ParamsSchema } }, async (request, reply) => {
    const { kind, file } = request.params;
    const cacheKey = `${kind}/${file}`;
    let entry = cache.get(cacheKey);
    if (!entry) {
      const svg = renderArtwork(kind, file.slice(0, -".svg".length));
      entry = { svg, etag: etagFor(svg) };
      cache.set(cacheKey, entry);
    }
    reply.header("cache-control", "public, max-age=604800").header("etag", entry.etag);
    if (ifNoneMatchMatches(request.headers["if-none-match"], entry.etag)) return reply.status(304).send();
    return reply.type("image/svg+xml").send(entry.svg);
  });
};
