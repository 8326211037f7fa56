import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import fastifyStatic from "@fastify/static";
import {
  PAGE_CODE_FILE,
  type PageCode,
  type PageRenderer,
  pageCodeSchema,
  RENDER_MODE_HEADER,
} from "@waveform/contracts/page-render";
import { pageRoutes } from "@waveform/contracts/routes";
import type { SiteConfig } from "@waveform/contracts/site";
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from "fastify";
import fp from "fastify-plugin";
import { etagOf, preferredCoding } from "../lib/encoded-body";
import { ifNoneMatchMatches } from "../lib/etag";
import { createPageHtml, type PageAnswer, replaceLiterally } from "../lib/page-html";

export interface ClientApp {
  distDir: string;
  /** index.html with the site config filled in, served for every page route and for 404s. */
  html: string;
  /** CSP hashes of the executable inline scripts (the theme script that runs before first paint). */
  inlineScriptHashes: string[];
  site: SiteConfig;
  /**
   * Each page's code as the build lists it (`PAGE_CODE_FILE`), named in the pages sent; null for a
   * build without the list (the pages then load their code as its imports ask).
   */
  pageCode: PageCode | null;
  /**
   * Loads the client's server entry (`client/ssr/`, beside `distDir`) once and gives it; null when
   * there is none: pages are sent as the bare shell.
   */
  renderer: (() => Promise<PageRenderer>) | null;
}

declare module "fastify" {
  interface FastifyInstance {
    /**
     * Loads the page renderer now, if not yet (pages load it when first asked for); rejects when it
     * cannot be loaded. serve.ts calls it once listening, so the import does not delay the start.
     */
    loadPageRenderer(): Promise<void>;
  }
}

const SITE_CONFIG_SLOT = /<script id="site-config" type="application\/json">[^<]*<\/script>/;

/** Reads the built index.html, and finds the client's server entry (loaded when first needed). */
export function loadClientApp(distDir: string, site: SiteConfig): ClientApp {
  const raw = readFileSync(join(distDir, "index.html"), "utf8");
  const inlineScriptHashes = [...raw.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter(([, attributes]) => !/type="application\/json"/.test(attributes ?? ""))
    .map(
      ([, , body]) =>
        `sha256-${createHash("sha256")
          .update(body ?? "")
          .digest("base64")}`,
    );
  const siteJson = JSON.stringify(site).replaceAll("<", "\\u003c");
  const html = replaceLiterally(
    raw,
    SITE_CONFIG_SLOT,
    `<script id="site-config" type="application/json">${siteJson}</script>`,
  );
  const entry = join(distDir, "..", "ssr", "entry-server.js");
  let loading: Promise<PageRenderer> | undefined;
  const renderer = existsSync(entry)
    ? () =>
        (loading ??= import(pathToFileURL(entry).href).then(
          (module: { pageRenderer: PageRenderer }) => module.pageRenderer,
        ))
    : null;
  return { distDir, html, inlineScriptHashes, site, pageCode: readPageCode(distDir), renderer };
}

/** The build's list of each page's code, if it wrote one; one it cannot read stops the start. */
function readPageCode(distDir: string): PageCode | null {
  const file = join(distDir, PAGE_CODE_FILE);
  if (!existsSync(file)) return null;
  const refused = new Error(`${file} is not the build's list of page code: build the client again`);
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, "utf8"));
  } catch {
    throw refused;
  }
  const parsed = pageCodeSchema.safeParse(json);
  if (!parsed.success) throw refused;
  return parsed.data;
}

const IMMUTABLE = "public, max-age=31536000, immutable";
/**
 * Asked again on every visit (decision 0026): the service worker, so a new build's worker is found
 * on the next visit, and the web app manifest, which names the build's icons.
 */
const REVALIDATED = new Set(["sw.js", "manifest.webmanifest"]);

function cacheControlOf(path: string, distDir: string): string {
  // The file sent may be a copy compressed at build (sw.js.br): its name without the coding's.
  const name = path
    .slice(distDir.length)
    .replace(/^[/\\]/, "")
    .replace(/\.(br|gz)$/, "");
  return REVALIDATED.has(name) ? "no-cache" : "public, max-age=3600";
}
/**
 * Sends a page. A kept page goes as its encoded copy the browser takes (made once, when it was
 * rendered), or as it is, with its tag, so a browser asking again (the page is `no-cache`) gets a
 * 304 while it has not changed; @fastify/compress leaves a body that has its Content-Encoding as it
 * is. A page not kept (the shell, a 503) is compressed as it goes out.
 */
function sendPageBody(request: FastifyRequest, reply: FastifyReply, page: PageAnswer) {
  const { encoded } = page;
  if (!encoded) return reply.send(page.html);
  const coding =
    request.headers["x-no-compression"] === undefined
      ? preferredCoding(request.headers["accept-encoding"])
      : null;
  const etag = etagOf(encoded, coding);
  reply.header("vary", `${RENDER_MODE_HEADER}, accept-encoding`).header("etag", etag);
  if (page.status === 200 && ifNoneMatchMatches(request.headers["if-none-match"], etag)) {
    return reply.status(304).send();
  }
  // Neither coding taken: the document as it is (compression offers no other, see security.ts).
  if (!coding) return reply.send(page.html);
  return reply.header("content-encoding", coding).send(encoded[coding]);
}

/** How often the page cache drops pages past their time (page-html). */
const PAGE_SWEEP_MS = 60_000;

/**
 * Serves the built client: hashed assets cached for good, and every page of the route table rendered
 * on the server (its status from the page: 404 for an item that does not exist); anything else is
 * the 404 page with a real 404. Unknown /api paths get the JSON 404.
 */
export const clientAppPlugin = fp(
  async (
    app: FastifyInstance,
    options: {
      clientApp: ClientApp | null;
      /** Rate limits of page routes, by pattern (the search page counts against the API's). */
      limits?: Partial<Record<string, onRequestHookHandler>>;
    },
  ) => {
    const { clientApp } = options;
    const pages =
      clientApp?.renderer &&
      createPageHtml({
        template: clientApp.html,
        pageCode: clientApp.pageCode,
        renderer: clientApp.renderer,
        reads: app.pageReads,
        site: clientApp.site,
        catalogueVersion: app.catalogueCache.version,
        log: app.log,
      });
    if (pages) {
      // Pages that would be rendered again are dropped now and then, not only when pushed out.
      const sweep = setInterval(() => pages.sweep(), PAGE_SWEEP_MS);
      sweep.unref();
      app.addHook("onClose", async () => clearInterval(sweep));
    }
    app.decorate("loadPageRenderer", async () => {
      await clientApp?.renderer?.();
    });
    const sendPage = (status: number) => async (request: FastifyRequest, reply: FastifyReply) => {
      if (!clientApp) {
        return reply
          .status(status === 200 ? 503 : status)
          .send({ error: "The site has not been built yet: run `npm run build`." });
      }
      const shellOnly = !pages || request.headers[RENDER_MODE_HEADER] === "client";
      const page = shellOnly ? { status, html: clientApp.html } : await pages.page(request.url, status);
      // Counted as served, whether or not the page came from the page cache (issue 33).
      if (page.status === 200) app.insights.pageView(request);
      if (page.retryAfterSeconds !== undefined) reply.header("retry-after", String(page.retryAfterSeconds));
      reply
        .status(page.status)
        .header("cache-control", "no-cache")
        .header("vary", RENDER_MODE_HEADER)
        .type("text/html; charset=utf-8");
      return sendPageBody(request, reply, page);
    };

    if (clientApp) {
      await app.register(fastifyStatic, {
        root: clientApp.distDir,
        prefix: "/",
        wildcard: false,
        index: false,
        // Build-time copies (name.br, name.gz) are sent in place of their file, never by their own name.
        preCompressed: true,
        // The list of each page's code is the server's to read; the pages carry their own part.
        allowedPath: (pathName) =>
          pathName !== "/index.html" && pathName !== `/${PAGE_CODE_FILE}` && !/\.(br|gz)$/.test(pathName),
        setHeaders: (reply, path) => {
          const isHashedAsset = path.startsWith(join(clientApp.distDir, "assets"));
          reply.header("cache-control", isHashedAsset ? IMMUTABLE : cacheControlOf(path, clientApp.distDir));
        },
      });
    }
    for (const pattern of Object.values(pageRoutes)) {
      const limit = options.limits?.[pattern];
      app.get(pattern, limit ? { onRequest: limit } : {}, sendPage(200));
    }
    const notFoundPage = sendPage(404);
    app.setNotFoundHandler((request, reply) => {
      if (request.url === "/api" || request.url.startsWith("/api/")) {
        return reply.status(404).send({ error: "Not found" });
      }
      return notFoundPage(request, reply);
    });
  },
  { name: "client-app", dependencies: ["page-reads", "catalogue-cache", "insights"] },
);
