import { defaultSiteConfig } from "@waveform/contracts/site";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dbPlugin } from "../../plugins/db";
import { createTestApp, type TestApp } from "../../test/test-app";
import { testEngine } from "../../test/test-database";
import { seoRoutes } from "./index";
import { createSeoRepository } from "./seo.repository";
import { sitemapEntries } from "./sitemap-entries";

const PUBLIC_URL = "https://music.example";

/**
 * Checks the XML our sitemaps are made of: the declaration, then elements that nest and close in
 * order, text with no raw `<` or `&` except the five predefined entities and character references.
 * Returns the root element's name.
 */
function wellFormedRoot(xml: string): string {
  expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n')).toBe(true);
  const body = xml.slice(xml.indexOf("\n") + 1);
  const stack: string[] = [];
  let root = "";
  for (const [, text, closing, name] of body.matchAll(
    /([^<]*)(?:<(\/?)([a-z]+)(?: xmlns="[^"<&]*")?>|$)/gy,
  )) {
    expect(text?.replace(/&(amp|lt|gt|quot|apos|#\d+|#x[0-9a-f]+);/gi, "")).not.toMatch(/[<&]/);
    if (!name) continue;
    if (closing) expect(stack.pop()).toBe(name);
    else {
      if (stack.length === 0) {
        expect(root).toBe("");
        root = name;
      }
      stack.push(name);
    }
  }
  expect(stack).toEqual([]);
  return root;
}

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1] as string);

describe(`sitemap and robots.txt on ${testEngine}`, () => {
  describe("with the seed catalogue", () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ seed: true, env: { PUBLIC_URL: `${PUBLIC_URL}/` } });
    });
    afterAll(() => t.close());

    it("GET /sitemap.xml lists the pages, every playlist and every genre as absolute URLs", async () => {
      const response = await t.app.inject({ url: "/sitemap.xml" });
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-type"]).toBe("application/xml; charset=utf-8");
      expect(response.headers["cache-control"]).toBe("public, max-age=3600");
      expect(response.headers.etag).toMatch(/^"[\w-]+"$/);
      expect(wellFormedRoot(response.body)).toBe("urlset");
      expect(response.body).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');

      const urls = locs(response.body);
      expect(urls.every((url) => url.startsWith(`${PUBLIC_URL}/`))).toBe(true);
      expect(new Set(urls).size).toBe(urls.length);
      for (const path of [
        "/",
        "/playlists",
        "/genres",
        "/new-releases",
        "/podcasts",
        "/merchandise",
        "/charts",
      ]) {
        expect(urls).toContain(PUBLIC_URL + path);
      }
      for (const path of ["/playlist-creator", "/spotify-test", "/old-home", "/releases", "/admin"]) {
        expect(urls).not.toContain(PUBLIC_URL + path);
      }
      const repository = createSeoRepository(t.database.db);
      const playlists = await repository.playlists();
      expect(playlists.length).toBeGreaterThanOrEqual(30);
      for (const { id } of playlists) expect(urls).toContain(`${PUBLIC_URL}/playlist/${id}`);
      expect(urls).toContain(`${PUBLIC_URL}/playlist/1`);
      // Genres as the site's links spell them: /genre/<name>, so "R&B" is escaped twice over.
      expect(urls).toContain(`${PUBLIC_URL}/genre/Electronic`);
      expect(response.body).toContain(`<loc>${PUBLIC_URL}/genre/R%26B</loc>`);
      expect((await repository.genres()).length).toBe(urls.filter((url) => url.includes("/genre/")).length);
    });

    it("dates each address from the data: a playlist by its update, /playlists by the newest", async () => {
      const body = (await t.app.inject({ url: "/sitemap.xml" })).body;
      const playlists = await createSeoRepository(t.database.db).playlists();
      const first = playlists[0];
      expect(body).toContain(
        `<loc>${PUBLIC_URL}/playlist/${first?.id}</loc><lastmod>${first?.lastmod}</lastmod>`,
      );
      const newest = playlists
        .map((playlist) => playlist.lastmod)
        .sort()
        .at(-1);
      expect(body).toContain(`<loc>${PUBLIC_URL}/playlists</loc><lastmod>${newest}</lastmod>`);
      expect(body).toContain(`<loc>${PUBLIC_URL}/about</loc></url>`);
      for (const [, lastmod] of body.matchAll(/<lastmod>([^<]*)<\/lastmod>/g)) {
        expect(lastmod).toMatch(/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}:\d{2}Z)?$/);
      }
    });

    it("answers 304 to a matching If-None-Match, and has no parts while one file holds everything", async () => {
      const { etag } = (await t.app.inject({ url: "/sitemap.xml" })).headers;
      const again = await t.app.inject({ url: "/sitemap.xml", headers: { "if-none-match": String(etag) } });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe("");
      expect((await t.app.inject({ url: "/sitemaps/1.xml" })).statusCode).toBe(404);
    });

    it("GET /robots.txt allows the site, keeps crawlers out of /api/ and /admin, and names the sitemap", async () => {
      const response = await t.app.inject({ url: "/robots.txt" });
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-type"]).toBe("text/plain; charset=utf-8");
      expect(response.headers["cache-control"]).toBe("public, max-age=86400");
      expect(response.body).toBe(
        `User-agent: *\nAllow: /\nDisallow: /api/\nDisallow: /admin\n\nSitemap: ${PUBLIC_URL}/sitemap.xml\n`,
      );
      const again = await t.app.inject({
        url: "/robots.txt",
        headers: { "if-none-match": String(response.headers.etag) },
      });
      expect(again.statusCode).toBe(304);
    });

    it("lists podcast shows by slug and episodes by id once the route table has their pages", async () => {
      const repository = createSeoRepository(t.database.db);
      const withoutPages = await sitemapEntries(repository, ["/", "/playlist/:id", "/genre/:name"]);
      expect(withoutPages.some((entry) => entry.path.startsWith("/podcasts/"))).toBe(false);

      const withPages = await sitemapEntries(repository, ["/podcasts/:show", "/podcasts/:show/:episode"]);
      const [show] = await repository.podcasts();
      const [episode] = await repository.episodes();
      expect(show).toBeDefined();
      expect(withPages).toContainEqual({ path: `/podcasts/${show?.slug}`, lastmod: show?.lastmod });
      expect(withPages).toContainEqual({
        path: `/podcasts/${episode?.showSlug}/${episode?.id}`,
        lastmod: episode?.lastmod,
      });
    });

    describe("past the per-file limit", () => {
      // The seo routes alone on the same database, with a limit of 10 addresses per file.
      let app: ReturnType<typeof Fastify>;
      beforeAll(async () => {
        app = Fastify();
        await app.register(dbPlugin, { handle: t.database, closeOnExit: false });
        await app.register(seoRoutes, {
          publicUrl: PUBLIC_URL,
          site: defaultSiteConfig,
          sitemapUrlLimit: 10,
        });
      });
      afterAll(() => app.close());

      it("GET /sitemap.xml becomes an index of /sitemaps/<n>.xml parts holding every address once", async () => {
        const index = await app.inject({ url: "/sitemap.xml" });
        expect(index.statusCode).toBe(200);
        expect(wellFormedRoot(index.body)).toBe("sitemapindex");
        const partUrls = locs(index.body);
        expect(partUrls.length).toBeGreaterThan(3);
        expect(partUrls).toEqual(partUrls.map((_, n) => `${PUBLIC_URL}/sitemaps/${n + 1}.xml`));

        const all = await sitemapEntries(createSeoRepository(t.database.db));
        const listed: string[] = [];
        for (const url of partUrls) {
          const part = await app.inject({ url: url.slice(PUBLIC_URL.length) });
          expect(part.statusCode).toBe(200);
          expect(part.headers["content-type"]).toBe("application/xml; charset=utf-8");
          expect(wellFormedRoot(part.body)).toBe("urlset");
          expect(locs(part.body).length).toBeLessThanOrEqual(10);
          listed.push(...locs(part.body));
        }
        expect(listed).toEqual(all.map((entry) => PUBLIC_URL + entry.path));
        expect(Math.ceil(all.length / 10)).toBe(partUrls.length);
      });

      it("gives each part of the index its newest lastmod, and 404 past the last part", async () => {
        const index = (await app.inject({ url: "/sitemap.xml" })).body;
        expect(index).toMatch(/<sitemap><loc>[^<]+<\/loc><lastmod>[^<]+<\/lastmod><\/sitemap>/);
        const parts = locs(index).length;
        for (const file of [`${parts + 1}.xml`, "0.xml", "1.json", "01.xml"]) {
          expect((await app.inject({ url: `/sitemaps/${file}` })).statusCode).toBe(404);
        }
      });
    });
  });

  describe("with no catalogue", () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ env: { PUBLIC_URL } });
    });
    afterAll(() => t.close());

    it("GET /sitemap.xml is still a valid sitemap of the static pages", async () => {
      const response = await t.app.inject({ url: "/sitemap.xml" });
      expect(response.statusCode).toBe(200);
      expect(wellFormedRoot(response.body)).toBe("urlset");
      const urls = locs(response.body);
      expect(urls).toContain(`${PUBLIC_URL}/`);
      expect(urls).toContain(`${PUBLIC_URL}/merchandise`);
      expect(urls.some((url) => /\/(playlist|genre)\//.test(url))).toBe(false);
      expect(response.body).not.toContain("<lastmod>");
    });
  });
});
