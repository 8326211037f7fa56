import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { consoleRoutes } from "@waveform/contracts/console-routes";
import type { PageCode, PageRenderer } from "@waveform/contracts/page-render";
import { pageRoutes } from "@waveform/contracts/routes";
import { siteConfigFromEnv } from "@waveform/contracts/site";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildClientForTests } from "./test/client-build";
import { cookieFor, createTestOperator } from "./test/console-session";
import { createTestApp, type TestApp } from "./test/test-app";
import { testEngine } from "./test/test-database";

/**
 * Decision 0021: a page is rendered once, from the reads its routes declare. A screen reading
 * something its route does not declare would go out showing a loading state for it: the renderer
 * names such reads (`undeclared`), and this renders every page of the route table (and the seed's
 * parametric pages) with the real client and the seed to hold that list empty.
 */
const PARAMETRIC = [
  "/genres/rock",
  "/genre/Jazz",
  "/genre/Not%20A%20Genre",
  "/playlist/1",
  "/playlist/999999",
  "/podcasts/genre-atlas",
  "/podcasts/no-such-show",
  "/podcasts/genre-atlas/27",
  "/search?q=rock",
  "/search?q=rock&type=playlist&pages=2",
  "/search?q=zzzzqqqq",
  "/newsletter/issues/no-such-issue",
];

// The pages come from the client's code and the seed, the same on either database: once, on PGlite.
// One seeded app and one client build serve both the site's pages and the console's.
describe.skipIf(testEngine === "postgres")(
  "every page renders once, from the reads its routes declare",
  () => {
    let t: TestApp;
    let client: ReturnType<typeof buildClientForTests>;
    let renderer: PageRenderer;
    /** What each render the app made itself (the console's pages) named as undeclared, by URL. */
    const undeclared = new Map<string, string[]>();
    beforeAll(async () => {
      client = buildClientForTests();
      t = await createTestApp({ seed: true, env: { CLIENT_DIST: client.dist, LOG_LEVEL: "error" } });
      const entry = join(client.dist, "..", "ssr", "entry-server.js");
      // The renderer the app loads is the same module this test imports (one URL, one instance).
      renderer = ((await import(pathToFileURL(entry).href)) as { pageRenderer: PageRenderer }).pageRenderer;
      const render = renderer.renderPage.bind(renderer);
      renderer.renderPage = async (input) => {
        const page = await render(input);
        undeclared.set(input.url, page.undeclared);
        return page;
      };
    }, 180_000);
    afterAll(async () => {
      await t?.close();
      client?.remove();
    });

    const staticPages = Object.values(pageRoutes).filter((pattern) => !pattern.includes(":"));

    it.each([...staticPages, ...PARAMETRIC])("%s", async (url) => {
      const reads: string[] = [];
      const page = await renderer.renderPage({
        url,
        site: { ...siteConfigFromEnv({}), publicUrl: "http://127.0.0.1:3000" },
        readApi: (read) => {
          reads.push(`${read.method} ${read.path} ${JSON.stringify([read.params, read.query])}`);
          return t.app.pageReads.read(read);
        },
      });
      expect(page.undeclared, `${url} read what its route does not declare`).toEqual([]);
      expect(page.body, `${url} went out with a suspended boundary`).not.toContain("<!--$?-->");
      // Each declared read is made once: the render itself reads nothing.
      expect(new Set(reads).size, `${url}: ${reads.join(", ")}`).toBe(reads.length);
      // It names its screen, whose code the build has listed: the page asks for it with its entry.
      const code = JSON.parse(readFileSync(join(client.dist, "page-code.json"), "utf8")) as PageCode;
      expect(page.screens, `${url} names no screen`).toHaveLength(1);
      expect(code.screens[page.screens?.[0] ?? ""], `${url}: ${page.screens}`).toEqual(
        expect.arrayContaining([expect.stringMatching(/^\/assets\/.+\.js$/)]),
      );
    });

    // The console's pages, rendered by the app for a signed-in admin (their reads need the session).
    const consolePages = Object.values(consoleRoutes).map((path) => path.replace(":id", "1"));

    it.each([...consolePages, "/admin/activity?page=2"])("%s", async (url) => {
      const admin = await createTestOperator(t.app, "admin");
      let response = await t.app.inject({ url, headers: { cookie: await cookieFor(t.app, admin) } });
      // The sign-in pages send a signed-in operator on: they render for someone signed out.
      if (response.statusCode >= 300 && response.statusCode < 400) response = await t.app.inject({ url });
      expect(response.statusCode, url).toBeLessThan(300);
      expect(undeclared.get(url), `${url} read what its route does not declare`).toEqual([]);
    });
  },
);
