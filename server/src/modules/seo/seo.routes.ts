import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { etagFor, ifNoneMatchMatches } from "../../lib/etag";
import { type OgImageOptions, ogImageRoutes } from "./og-image.routes";
import { createSeoRepository } from "./seo.repository";
import { sitemapEntries } from "./sitemap-entries";
import { buildSitemapFiles, SITEMAP_URL_LIMIT } from "./sitemap-xml";

interface SeoOptions extends OgImageOptions {
  /** PUBLIC_URL without a trailing slash: every address in the sitemap and robots.txt is absolute. */
  publicUrl: string;
  /** Addresses per sitemap file before it splits into an index (tests use a small one). */
  sitemapUrlLimit?: number;
}

interface Body {
  text: string;
  etag: string;
}

interface BuiltSitemap {
  root: Body;
  parts: Body[];
  expiresAt: number;
  /** The catalogue cache's version it was built from: a console write makes it stale at once. */
  version: number;
}

/** As long as the catalogue cache: the catalogue changes through other processes (see catalogue-cache.ts). */
const SITEMAP_TTL_MS = 60_000;
const SITEMAP_CACHE_CONTROL = "public, max-age=3600";
const XML = "application/xml; charset=utf-8";

const withEtag = (text: string): Body => ({ text, etag: etagFor(text) });

function send(request: FastifyRequest, reply: FastifyReply, body: Body, type: string, cacheControl: string) {
  reply.header("cache-control", cacheControl).header("etag", body.etag);
  if (ifNoneMatchMatches(request.headers["if-none-match"], body.etag)) return reply.status(304).send();
  return reply.type(type).send(body.text);
}

/**
 * GET /robots.txt, GET /sitemap.xml (and /sitemaps/<n>.xml past the per-file limit), and the
 * link-preview images under /og/ (decision 0010).
 */
export async function seoRoutes(app: FastifyInstance, options: SeoOptions) {
  const { publicUrl } = options;
  const repository = createSeoRepository(app.db);
  const limit = options.sitemapUrlLimit ?? SITEMAP_URL_LIMIT;

  const robots = withEtag(
    [
      "User-agent: *",
      "Allow: /",
      "Disallow: /api/",
      "Disallow: /admin",
      "",
      `Sitemap: ${publicUrl}/sitemap.xml`,
      "",
    ].join("\n"),
  );
  app.get("/robots.txt", (request, reply) =>
    send(request, reply, robots, "text/plain; charset=utf-8", "public, max-age=86400"),
  );

  // The catalogue cache's version: a write that clears the cache makes the sitemap stale too. The
  // routes may run without the cache (registered alone), where only the TTL applies.
  const cacheVersion = () => (app.hasDecorator("catalogueCache") ? app.catalogueCache.version() : 0);
  let cached: BuiltSitemap | null = null;
  let building: Promise<BuiltSitemap> | null = null;
  const build = async (): Promise<BuiltSitemap> => {
    try {
      const version = cacheVersion();
      const files = buildSitemapFiles(await sitemapEntries(repository), publicUrl, limit);
      const built = {
        root: withEtag(files.root),
        parts: files.parts.map(withEtag),
        expiresAt: Date.now() + SITEMAP_TTL_MS,
        version,
      };
      cached = built;
      return built;
    } finally {
      building = null;
    }
  };
  const sitemap = (): Promise<BuiltSitemap> => {
    const fresh = cached && cached.expiresAt >= Date.now() && cached.version === cacheVersion();
    if (cached && fresh) return Promise.resolve(cached);
    // Concurrent misses share one build: it reads every playlist, genre and podcast.
    building ??= build();
    return building;
  };

  app.get("/sitemap.xml", async (request, reply) =>
    send(request, reply, (await sitemap()).root, XML, SITEMAP_CACHE_CONTROL),
  );

  app.get<{ Params: { file: string } }>("/sitemaps/:file", async (request, reply) => {
    const n = /^([1-9]\d{0,5})\.xml$/.exec(request.params.file)?.[1];
    const part = n === undefined ? undefined : (await sitemap()).parts[Number(n) - 1];
    if (!part) return reply.callNotFound();
    return send(request, reply, part, XML, SITEMAP_CACHE_CONTROL);
  });

  await app.register(ogImageRoutes, { site: options.site });
}
