import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import * as z from "zod/mini";
import { etagFor, ifNoneMatchMatches } from "../../lib/etag";
import { ART_KINDS } from "./art-urls";
import { renderArtwork } from "./artwork-svg";

const ParamsSchema = z.object({
  kind: z.enum(ART_KINDS),
  file: z.string().check(z.regex(/^[\p{L}\p{N}._-]{1,120}\.svg$/u)),
});

/** GET /art/:kind/:key.svg: generated artwork, so the site looks complete with no image host. */
export const artworkRoutes: FastifyPluginAsyncZod = async (app) => {
  const cache = new Map<string, { svg: string; etag: string }>();
  app.get("/art/:kind/:file", { schema: { params: ParamsSchema } }, async (request, reply) => {
    const { kind, file } = request.params;
    const cacheKey = `${kind}/${file}`;
    let entry = cache.get(cacheKey);
    if (!entry) {
      const svg = renderArtwork(kind, file.slice(0, -".svg".length));
      entry = { svg, etag: etagFor(svg) };
      if (cache.size < 5000) cache.set(cacheKey, entry);
    }
    reply.header("cache-control", "public, max-age=604800").header("etag", entry.etag);
    if (ifNoneMatchMatches(request.headers["if-none-match"], entry.etag)) return reply.status(304).send();
    return reply.type("image/svg+xml").send(entry.svg);
  });
};
