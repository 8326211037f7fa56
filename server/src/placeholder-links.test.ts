import { readdirSync } from "node:fs";
import { join } from "node:path";
import type { Endpoint } from "@waveform/contracts/endpoint";
import { fillPath } from "@waveform/contracts/endpoint";
import { pageRoutes } from "@waveform/contracts/routes";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { repoRoot } from "./paths";
import { buildClientForTests } from "./test/client-build";
import { findPlaceholderLinks } from "./test/placeholder-links";
import { createTestApp, type TestApp } from "./test/test-app";
import { testEngine } from "./test/test-database";

/** The address the test server says it runs on: the one loopback origin a page may name. */
const PUBLIC_URL = "http://127.0.0.1:3000";
/** More pages than the seed has, so a link loop cannot run away. */
const MAX_PAGES = 800;
/** Site paths that are files, not pages: fetched to see that they exist, not crawled. */
const RESOURCE =
  /^\/(?:api|art|media|og|assets|fallback|partners)\/|^\/favicon|\.(?:xml|txt|png|svg|mp3|ico|js|css|json|webmanifest)$/;

const decode = (href: string) =>
  href.replaceAll("&amp;", "&").replaceAll("&#x27;", "'").replaceAll("&#39;", "'");

/**
 * Every public GET endpoint of the contracts (each module's exported endpoints, and endpoint
 * factories' results). The console's `/api/admin/*` reads answer only a signed-in operator, with
 * what operators typed; their own route tests cover them.
 */
async function contractGetEndpoints(): Promise<Endpoint[]> {
  const folder = join(repoRoot, "contracts", "src");
  const endpoints = new Map<string, Endpoint>();
  for (const file of readdirSync(folder).filter((name) => /^[a-z-]+\.ts$/.test(name))) {
    const module = (await import(join(folder, file))) as Record<string, unknown>;
    for (const value of Object.values(module)) {
      const isEndpoint = (candidate: unknown): candidate is Endpoint =>
        typeof candidate === "object" && candidate !== null && "method" in candidate && "path" in candidate;
      if (isEndpoint(value) && value.method === "GET" && !value.path.startsWith("/api/admin/"))
        endpoints.set(value.path, value);
    }
  }
  const { SITE_IMAGE_NAMES, getSiteImage } = await import("@waveform/contracts/images");
  for (const name of SITE_IMAGE_NAMES) endpoints.set(getSiteImage(name).path, getSiteImage(name));
  return [...endpoints.values()];
}

describe("the placeholder-link check", () => {
  it("finds placeholder domains, loopback addresses that are not the site, mail at them and anchors to nowhere", () => {
    const page = [
      '<a href="https://waveform.example/podcasts/cue-sheet">show</a>',
      '<enclosure url="https://media.waveform.example/cue-sheet/ep03.mp3"/>',
      "cue-sheet@waveform.example",
      '<a href="mailto:team@example.com">mail</a>',
      '<img src="//cdn.example.org/a.png">',
      '"url":"http://localhost:5173/x"',
      '"url":"http://127.0.0.1:9999/x"',
      '<a class="button" href="#">Listen</a>',
      '<a href="javascript:void(0)">Play</a>',
      '<a href="https://feeds.test/x.xml">feed</a>',
    ].join("\n");
    expect(findPlaceholderLinks(page, PUBLIC_URL)).toHaveLength(10);
  });

  it("accepts real addresses, the site's own origin, in-page fragments and form fields' example text", () => {
    const page = [
      '<a href="https://en.wikipedia.org/wiki/Kind_of_Blue">Kind of Blue</a>',
      `<link rel="canonical" href="${PUBLIC_URL}/podcasts">`,
      '<a href="#main">Skip to content</a>',
      '<a href="mailto:hello@waveform-music.club">mail</a>',
      '<input type="email" placeholder="you@example.com">',
      '<svg xmlns="http://www.w3.org/2000/svg"></svg>',
    ].join("\n");
    expect(findPlaceholderLinks(page, PUBLIC_URL)).toEqual([]);
  });
});

// The links come from the seed's data and the pages' code, the same on either database: the crawl
// (a client build and ~300 requests) runs once, on PGlite.
describe.skipIf(testEngine === "postgres")("no placeholder links in pages or API answers (seed data)", () => {
  let t: TestApp;
  let client: ReturnType<typeof buildClientForTests>;
  beforeAll(async () => {
    client = buildClientForTests();
    t = await createTestApp({
      seed: true,
      env: { CLIENT_DIST: client.dist, PUBLIC_URL, LOG_LEVEL: "error" },
    });
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    client?.remove();
  });

  const get = async (url: string) => {
    const response = await t.app.inject({ url });
    return {
      status: response.statusCode,
      body: response.body,
      type: String(response.headers["content-type"]),
    };
  };

  it("every API answer (GET, with the seed's ids) names no placeholder address", async () => {
    const json = async (url: string) => JSON.parse((await get(url)).body) as Record<string, unknown>;
    const genres = (await json("/api/genres")).genres as Array<{ slug: string; name: string }>;
    const playlists = (await json("/api/playlists")).playlists as Array<{ id: number }>;
    const podcasts = (await json("/api/podcasts")).podcasts as Array<{ slug: string }>;
    const episodes: Array<{ show: string; episode: number }> = [];
    for (const { slug } of podcasts) {
      const page = (await json(`/api/podcasts/shows/${slug}`)).episodes as Array<{ id: number }>;
      for (const { id } of page) episodes.push({ show: slug, episode: id });
    }
    expect(genres.length * playlists.length * podcasts.length * episodes.length).toBeGreaterThan(0);
    // How to fill each parametric endpoint from the seed; a new one fails here until it has a line.
    const paramsFor: Record<string, Array<Record<string, string | number>>> = {
      "/api/genres/:id/subgenres": genres.map((genre) => ({ id: genre.slug })),
      "/api/genres/:id/playlists": genres.map((genre) => ({ id: genre.slug })),
      "/api/genres/:id/artists": genres.map((genre) => ({ id: genre.slug })),
      "/api/playlists/genre/:name": genres.map((genre) => ({ name: genre.name })),
      "/api/playlists/:id": playlists.map((playlist) => ({ id: playlist.id })),
      "/api/podcasts/shows/:show": podcasts.map((podcast) => ({ show: podcast.slug })),
      "/api/podcasts/shows/:show/episodes/:episode": episodes,
      // Stored chapters are a web show's; the seed's shows are the club's own (their files are /media).
      "/api/podcasts/episodes/:episode/chapters": [],
      "/api/podcasts/shows/:show/most-played": podcasts.map((podcast) => ({ show: podcast.slug })),
      // The seed has no newsletter issue (the archive's own tests send one).
      "/api/newsletter/issues/:slug": [],
    };
    // Endpoints that need a query: one that finds every kind of result, 50 of each.
    const queryFor: Record<string, string> = {
      "/api/search": "?q=a&limit=50",
      "/api/fediverse/replies": "?kind=episode&id=1",
    };
    const endpoints = await contractGetEndpoints();
    expect(endpoints.length).toBeGreaterThan(15);
    const findings: string[] = [];
    let answers = 0;
    for (const endpoint of endpoints) {
      const fills = endpoint.path.includes(":") ? paramsFor[endpoint.path] : [{}];
      expect(fills, `no seed values for ${endpoint.path}`).toBeDefined();
      for (const params of fills ?? []) {
        const url = fillPath(endpoint.path, params) + (queryFor[endpoint.path] ?? "");
        const { status, body } = await get(url);
        expect([200, 204], url).toContain(status);
        answers++;
        for (const finding of findPlaceholderLinks(body, PUBLIC_URL)) findings.push(`${url}: ${finding}`);
      }
    }
    expect(answers).toBeGreaterThan(100);
    expect(findings).toEqual([]);
  });

  it("every page (the route table's static pages and every page they link to) names no placeholder address", async () => {
    const queue: string[] = Object.values(pageRoutes).filter((pattern) => !pattern.includes(":"));
    const seen = new Set<string>(queue);
    const resources = new Set<string>();
    const findings: string[] = [];
    let pages = 0;
    while (queue.length > 0 && pages < MAX_PAGES) {
      const url = queue.shift() ?? "/";
      const { status, body, type } = await get(url);
      pages++;
      expect(status, `${url} (a page something links to)`).toBe(200);
      expect(type, url).toContain("text/html");
      expect(body, `${url} is rendered on the server`).toMatch(/<h1[\s>]/);
      for (const finding of findPlaceholderLinks(body, PUBLIC_URL)) findings.push(`${url}: ${finding}`);
      for (const [, raw = ""] of body.matchAll(/\b(?:href|src)="([^"]*)"/g)) {
        const href = decode(raw).split("#")[0] ?? "";
        if (!href.startsWith("/") || href.startsWith("//") || seen.has(href) || resources.has(href)) continue;
        if (RESOURCE.test(href.split("?")[0] ?? href)) resources.add(href);
        else {
          seen.add(href);
          queue.push(href);
        }
      }
    }
    expect(queue, `more than ${MAX_PAGES} pages`).toEqual([]);
    expect(pages).toBeGreaterThan(80);
    // Data pages found by following links: every show and episode page, playlists, genres.
    expect([...seen].filter((url) => /^\/podcasts\/[^/]+\/\d+$/.test(url)).length).toBe(58);
    expect([...seen].some((url) => /^\/playlist\/\d+$/.test(url))).toBe(true);
    for (const resource of resources) {
      const { status } = await get(resource);
      expect(status, `${resource} (linked from a page)`).toBe(200);
    }
    expect(findings).toEqual([]);
  }, 240_000);
});
