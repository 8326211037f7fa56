import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import fastifyStatic from "@fastify/static";
import { pageRoutes } from "@waveform/contracts/routes";
import type { SiteConfig } from "@waveform/contracts/site";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";

export interface ClientApp {
  distDir: string;
  /** index.html with the site config filled in, served for every page route and for 404s. */
  html: string;
  /** CSP hashes of the executable inline scripts (the theme script that runs before first paint). */
  inlineScriptHashes: string[];
}

const SITE_CONFIG_SLOT = /<script id="site-config" type="application\/json">[^<]*<\/script>/;

/** Reads the built index.html once at start. */
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
  const html = raw.replace(
    SITE_CONFIG_SLOT,
    `<script id="site-config" type="application/json">${siteJson}</script>`,
  );
  return { distDir, html, inlineScriptHashes };
}

const IMMUTABLE = "public, max-age=31536000, immutable";

/**
 * Serves the built client: hashed assets cached for good, index.html for every page route of the
 * route table, and a real 404 (still the app's HTML, which renders its 404 page) for anything else.
 * Unknown /api paths get the JSON 404.
 */
export const clientAppPlugin = fp(
  async (app: FastifyInstance, options: { clientApp: ClientApp | null }) => {
    const { clientApp } = options;
    const sendPage = (status: number) => (_request: FastifyRequest, reply: FastifyReply) => {
      if (!clientApp) {
        return reply
          .status(status === 200 ? 503 : status)
          .send({ error: "The site has not been built yet: run `npm run build`." });
      }
      return reply
        .status(status)
        .header("cache-control", "no-cache")
        .type("text/html; charset=utf-8")
        .send(clientApp.html);
    };

    if (clientApp) {
      await app.register(fastifyStatic, {
        root: clientApp.distDir,
        prefix: "/",
        wildcard: false,
        index: false,
        allowedPath: (pathName) => pathName !== "/index.html",
        setHeaders: (reply, path) => {
          const isHashedAsset = path.startsWith(join(clientApp.distDir, "assets"));
          reply.header("cache-control", isHashedAsset ? IMMUTABLE : "public, max-age=3600");
        },
      });
    }
    for (const pattern of Object.values(pageRoutes)) {
      app.get(pattern, sendPage(200));
    }
    const notFoundPage = sendPage(404);
    app.setNotFoundHandler((request, reply) => {
      if (request.url === "/api" || request.url.startsWith("/api/")) {
        return reply.status(404).send({ error: "Not found" });
      }
      return notFoundPage(request, reply);
    });
  },
  { name: "client-app" },
);
