import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { episodes, podcasts } from "../db/schema";
import { buildClientForTests } from "../test/client-build";
import { cookieFor, createTestOperator } from "../test/console-session";
import { createTestApp, type TestApp } from "../test/test-app";
import { testEngine } from "../test/test-database";
import { createPageHtml, fillTemplate, PAGE_CACHE_LIMITS, replaceLiterally } from "./page-html";

/**
 * Every replacement pattern String.prototype.replace knows: passed as a replacement string, `$&`
 * is the marker, `` $` `` everything before it (the whole head), `$'` everything after it, `$$` one
 * `$`, and `$1` a group. Data that holds them must come out as it is, on every page.
 */
const PATTERNS = "x$&y$`z$'w$$v$1u";

/** The text of HTML as React escapes it (what a visitor reads). */
const text = (html: string) =>
  html
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&quot;", '"')
    .replaceAll("&#x27;", "'")
    .replaceAll("&#39;", "'")
    .replaceAll("&amp;", "&");

/** The JSON islands of a page (its state and the site config), each parsed: throws if one does not parse. */
function jsonIslands(html: string): Record<string, unknown> {
  const islands: Record<string, unknown> = {};
  for (const [, id, json] of html.matchAll(
    /<script id="([^"]+)" type="application\/json">([^<]*)<\/script>/g,
  )) {
    islands[id as string] = JSON.parse(json as string);
  }
  return islands;
}

/** One document, whole: a page whose data was expanded holds copies of the template. */
function expectOneDocument(html: string) {
  expect(html.match(/<!doctype html>/gi) ?? []).toHaveLength(1);
  expect(html.match(/<\/html>/g) ?? []).toHaveLength(1);
  expect(html.match(/<div id="root">/g) ?? []).toHaveLength(1);
  const islands = jsonIslands(html);
  expect((islands["site-config"] as { name?: string }).name).toBe(PATTERNS);
  return islands;
}

describe("filling a template", () => {
  const template =
    '<!doctype html><html><head><title>Shell</title></head><body><div id="root"></div></body></html>';

  it("takes the page's head, markup and data literally", () => {
    const html = fillTemplate(template, {
      status: 200,
      head: `<title>${PATTERNS}</title>`,
      body: `<p>${PATTERNS}</p>`,
      state: JSON.stringify({ q: PATTERNS }),
      undeclared: [],
    });
    expect(html).toBe(
      `<!doctype html><html><head><title>${PATTERNS}</title></head><body><div id="root"><p>${PATTERNS}</p></div>` +
        `<script id="page-state" type="application/json">${JSON.stringify({ q: PATTERNS })}</script></body></html>`,
    );
  });

  it("replaces a marker with text as it is", () => {
    expect(replaceLiterally("a<b>c", "<b>", PATTERNS)).toBe(`a${PATTERNS}c`);
    expect(replaceLiterally("a<b>c", /<b>/, PATTERNS)).toBe(`a${PATTERNS}c`);
  });
});

describe("the page cache", () => {
  const renderer = async () => ({
    renderPage: async ({ url }: { url: string }) => ({
      status: 200,
      head: "",
      // A page's size is in its address: /p/<kilobytes>/<n>.
      body: "x".repeat(Number(url.split("/")[2]) * 1024),
      state: "{}",
      undeclared: [],
    }),
  });
  const pageHtml = (limits?: { entries: number; bytes: number }) =>
    createPageHtml({
      template: '<head></head><div id="root"></div>',
      renderer,
      reads: { read: async () => new Response("{}"), route: () => {} },
      site: {} as never,
      catalogueVersion: () => 0,
      log: { error: () => {} } as never,
      ...(limits && { cacheLimits: limits }),
    });

  it("keeps its pages within the server's byte budget", async () => {
    const pages = pageHtml();
    // 200 pages of 100 kB, as large a page as the site renders: 40 MB as V8 may store them.
    for (let n = 0; n < 200; n++) await pages.page(`/p/100/${n}`, 200);
    expect(pages.cached().bytes).toBeLessThanOrEqual(PAGE_CACHE_LIMITS.bytes);
    expect(pages.cached().bytes).toBeGreaterThan(PAGE_CACHE_LIMITS.bytes - 200 * 1024);
  });

  it("keeps pages within its byte budget, however many fit the count", async () => {
    const pages = pageHtml({ entries: 500, bytes: 1024 * 1024 });
    for (let n = 0; n < 40; n++) await pages.page(`/p/100/${n}`, 200);
    const { pages: kept, bytes } = pages.cached();
    expect(bytes).toBeLessThanOrEqual(1024 * 1024);
    // 100 kB pages take 200 kB each as V8 may store them: five fit.
    expect(kept).toBe(5);
  });

  it("compresses a kept page once: every answer from the cache sends the same copies", async () => {
    const pages = pageHtml();
    const first = await pages.page("/p/50/copies", 200);
    const second = await pages.page("/p/50/copies", 200);
    expect(first.encoded).toBeDefined();
    expect(second.encoded).toBe(first.encoded);
    expect(brotliDecompressSync(first.encoded?.br ?? Buffer.alloc(0)).toString()).toBe(first.html);
    expect(gunzipSync(first.encoded?.gzip ?? Buffer.alloc(0)).toString()).toBe(first.html);
  });

  it("drops pages past their time when swept", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      const pages = pageHtml();
      for (let n = 0; n < 5; n++) await pages.page(`/p/10/${n}`, 200);
      pages.sweep();
      expect(pages.cached().pages).toBe(5);
      vi.setSystemTime(Date.now() + 61_000);
      pages.sweep();
      expect(pages.cached()).toEqual({ pages: 0, bytes: 0 });
    } finally {
      vi.useRealTimers();
    }
  });

  it("keeps at most its count of small pages, and none larger than the whole budget", async () => {
    const pages = pageHtml({ entries: 10, bytes: 1024 * 1024 });
    for (let n = 0; n < 40; n++) await pages.page(`/p/1/${n}`, 200);
    expect(pages.cached().pages).toBe(10);
    const large = await pages.page("/p/600/0", 200);
    expect(large.html.length).toBeGreaterThan(600 * 1024);
    expect(pages.cached().bytes).toBeLessThanOrEqual(1024 * 1024);
  });
});

describe.skipIf(testEngine === "postgres")("$ patterns in a page's data (real client build)", () => {
  let t: TestApp;
  let client: ReturnType<typeof buildClientForTests>;
  let show: { slug: string; episodeId: number };
  beforeAll(async () => {
    client = buildClientForTests();
    t = await createTestApp({
      seed: true,
      env: { CLIENT_DIST: client.dist, LOG_LEVEL: "error", SITE_NAME: PATTERNS },
    });
    await t.app.ready();
    // Feed text: a show's title and an episode's notes, as a feed refresh would store them.
    const [podcast] = await t.app.db.select({ id: podcasts.id, slug: podcasts.slug }).from(podcasts).limit(1);
    if (!podcast) throw new Error("the seed has no podcast");
    await t.app.db
      .update(podcasts)
      .set({ title: PATTERNS, description: PATTERNS })
      .where(eq(podcasts.id, podcast.id));
    const [episode] = await t.app.db
      .update(episodes)
      .set({ description: PATTERNS, showNotes: [[{ text: PATTERNS }]] })
      .where(eq(episodes.podcastId, podcast.id))
      .returning({ id: episodes.id });
    if (!episode) throw new Error("the seed's podcast has no episode");
    show = { slug: podcast.slug, episodeId: episode.id };
    t.app.catalogueCache.clear();
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    client?.remove();
  });

  it("shows a search query as it is typed", async () => {
    const response = await t.app.inject({ url: `/search?q=${encodeURIComponent(PATTERNS)}` });
    expect(response.statusCode).toBe(200);
    const islands = expectOneDocument(response.body);
    expect(JSON.stringify(islands["page-state"])).toContain(JSON.stringify(PATTERNS).slice(1, -1));
    expect(text(response.body)).toContain(PATTERNS);
    expect(response.body.length).toBeLessThan(200_000);
  });

  it("shows a show's feed text and an episode's notes as they are", async () => {
    const showPage = await t.app.inject({ url: `/podcasts/${show.slug}` });
    expect(showPage.statusCode).toBe(200);
    expectOneDocument(showPage.body);
    expect(text(showPage.body)).toContain(`<title>${PATTERNS}`);
    const episodePage = await t.app.inject({ url: `/podcasts/${show.slug}/${show.episodeId}` });
    expect(episodePage.statusCode).toBe(200);
    const islands = expectOneDocument(episodePage.body);
    expect(JSON.stringify(islands["page-state"])).toContain(JSON.stringify(PATTERNS).slice(1, -1));
    expect(text(episodePage.body)).toContain(`<p>${PATTERNS}</p>`);
  });

  it("shows the site's name as it is set, on pages, console pages and the bare shell", async () => {
    const home = await t.app.inject({ url: "/" });
    expectOneDocument(home.body);
    expect(text(home.body)).toContain(PATTERNS);

    const shell = await t.app.inject({ url: "/", headers: { "x-render-mode": "client" } });
    expectOneDocument(shell.body);

    const signIn = await t.app.inject({ url: "/admin/sign-in" });
    expect(signIn.statusCode).toBe(200);
    expectOneDocument(signIn.body);
    expect(signIn.body.match(/name="robots"/g) ?? []).toHaveLength(1);
  });

  it("shows feed text as it is on the console's pages", async () => {
    const cookie = await cookieFor(t.app, await createTestOperator(t.app, "editor"));
    const response = await t.app.inject({ url: "/admin/podcasts", headers: { cookie } });
    expect(response.statusCode).toBe(200);
    expectOneDocument(response.body);
    expect(text(response.body)).toContain(PATTERNS);
    const shell = await t.app.inject({
      url: "/admin/podcasts",
      headers: { cookie, "x-render-mode": "client" },
    });
    expectOneDocument(shell.body);
  });
});
