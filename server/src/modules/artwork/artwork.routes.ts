import { ART_RASTER_WIDTHS } from "@waveform/contracts/artwork";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import * as z from "zod/mini";
import { BoundedCache, stringBytes } from "../../lib/bounded-cache";
import { etagFor, ifNoneMatchMatches } from "../../lib/etag";
import { HttpError } from "../../plugins/errors";
import { ART_KINDS, type ArtKind } from "./art-urls";
import { renderArtwork } from "./artwork-svg";
import { type ArtworkRaster, createArtworkRasters } from "./artwork-webp";

const ParamsSchema = z.object({
  kind: z.enum(ART_KINDS),
  file: z.string().check(z.regex(/^[\p{L}\p{N}._-]{1,120}\.(svg|webp)$/u)),
});
const QuerySchema = z.object({
  w: z.optional(z.enum(ART_RASTER_WIDTHS.map(String) as [string, ...string[]])),
});
const WIDTH_REQUIRED = `A WebP of generated artwork needs its width: w=${ART_RASTER_WIDTHS.join(", ")}`;

/**
 * Drawings kept: each is ~1 kB, and any name draws one, so both the count and the bytes are bounded
 * (the oldest goes first).
 */
export const ARTWORK_CACHE_LIMITS = { entries: 5000, bytes: 8 * 1024 * 1024 };

type ArtworkCache = BoundedCache<{ svg: string; etag: string }>;
export const createArtworkCache = (): ArtworkCache =>
  new BoundedCache(ARTWORK_CACHE_LIMITS, (entry) => stringBytes(entry.svg));

const CACHE_CONTROL = "public, max-age=604800";

/**
 * GET /art/:kind/:key.svg: generated artwork, so the site looks complete with no image host; and
 * GET /art/:kind/:key.webp?w=…: the same picture as WebP at one of ART_RASTER_WIDTHS, which the
 * pages show (`artwork-webp.ts`). `cache`, `rasters`: where drawings are kept (a test's, to look
 * into; else the routes' own).
 */
export const artworkRoutes: FastifyPluginAsyncZod<{ cache?: ArtworkCache; rasters?: ArtworkRaster }> = async (
  app,
  options,
) => {
  const cache = options.cache ?? createArtworkCache();
  const rasters = options.rasters ?? createArtworkRasters();
  const drawing = (kind: ArtKind, name: string) => {
    const cacheKey = `${kind}/${name}.svg`;
    let entry = cache.get(cacheKey);
    if (!entry) {
      const svg = renderArtwork(kind, name);
      entry = { svg, etag: etagFor(svg) };
      cache.set(cacheKey, entry);
    }
    return entry;
  };
  app.get(
    "/art/:kind/:file",
    { schema: { params: ParamsSchema, querystring: QuerySchema } },
    async (request, reply) => {
      const { kind, file } = request.params;
      const extension = file.slice(file.lastIndexOf("."));
      const name = file.slice(0, -extension.length);
      if (extension === ".svg") {
        const { svg, etag } = drawing(kind, name);
        reply.header("cache-control", CACHE_CONTROL).header("etag", etag);
        if (ifNoneMatchMatches(request.headers["if-none-match"], etag)) return reply.status(304).send();
        return reply.type("image/svg+xml").send(svg);
      }
      if (!request.query.w) throw new HttpError(400, WIDTH_REQUIRED);
      const width = Number(request.query.w);
      const { webp, etag } = await rasters.webp(kind, name, width, drawing(kind, name));
      reply.header("cache-control", CACHE_CONTROL).header("etag", etag);
      if (ifNoneMatchMatches(request.headers["if-none-match"], etag)) return reply.status(304).send();
      return reply.type("image/webp").send(webp);
    },
  );
};
