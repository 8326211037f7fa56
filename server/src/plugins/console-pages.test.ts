import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { consoleCookie, cookieFor, createTestOperator } from "../test/console-session";
import { createTestApp, type TestApp } from "../test/test-app";
import { testEngine } from "../test/test-database";

/**
 * A built client whose server entry renders what `/api/admin/me` answers for the request: shows
 * that console pages read console endpoints with the operator's own session.
 */
function renderingClientDist(): string {
  const root = mkdtempSync(join(tmpdir(), "waveform-console-client-"));
  mkdirSync(join(root, "dist"));
  mkdirSync(join(root, "ssr"));
  writeFileSync(
    join(root, "dist", "index.html"),
    '<!doctype html><html><head><title>Shell</title><script id="site-config" type="application/json"></script></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(
    join(root, "ssr", "entry-server.js"),
    `export const pageRenderer = {
      async renderPage({ url, readApi }) {
        const me = await readApi({ method: "GET", path: "/api/admin/me", params: {}, query: {} });
        const text = me.status === 200 ? (await me.json()).email : "status " + me.status;
        return { status: 200, head: "", body: "<p>" + url + " for " + text + "</p>", state: "{}", undeclared: [] };
      },
    };`,
  );
  return join(root, "dist");
}

describe(`console pages on ${testEngine}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { CLIENT_DIST: renderingClientDist() } });
    await t.app.ready();
  });
  afterAll(() => t.close());

  const get = (url: string, cookie?: string) => t.app.inject({ url, headers: cookie ? { cookie } : {} });

  it("sends a signed-out visitor to sign in, with the page to come back to", async () => {
    const home = await get("/admin");
    expect(home.statusCode).toBe(302);
    expect(home.headers.location).toBe("/admin/sign-in?returnTo=%2Fadmin");
    const activity = await get("/admin/activity?entity=playlist&page=2");
    expect(activity.headers.location).toBe(
      `/admin/sign-in?returnTo=${encodeURIComponent("/admin/activity?entity=playlist&page=2")}`,
    );
    expect((await get("/admin/operators")).statusCode).toBe(302);
    expect((await get("/admin/no-such-page")).statusCode).toBe(302);
  });

  it("serves sign-in and set-password signed out, never indexed nor cached", async () => {
    for (const url of ["/admin/sign-in", "/admin/set-password?token=abc"]) {
      const page = await get(url);
      expect(page.statusCode).toBe(200);
      expect(page.headers["x-robots-tag"]).toBe("noindex, nofollow");
      expect(page.headers["cache-control"]).toBe("no-store");
      expect(page.body).toContain('<meta name="robots" content="noindex, nofollow"></head>');
      expect(page.body).toContain("status 401");
    }
  });

  it("renders a console page with the operator's own data, read through the console API", async () => {
    const editor = await createTestOperator(t.app, "editor");
    const cookie = await cookieFor(t.app, editor);
    const page = await get("/admin/activity", cookie);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`<p>/admin/activity for ${editor.email}</p>`);
    expect(page.headers["x-robots-tag"]).toBe("noindex, nofollow");
  });

  it("answers 403 to an editor on an admin page, 404 to an unknown console address", async () => {
    const editor = await consoleCookie(t.app, "editor");
    expect((await get("/admin/operators", editor)).statusCode).toBe(403);
    expect((await get("/admin/no-such-page", editor)).statusCode).toBe(404);
    const admin = await consoleCookie(t.app, "admin");
    expect((await get("/admin/operators", admin)).statusCode).toBe(200);
  });

  it("sends a signed-in operator from sign-in to where they were going, only within the console", async () => {
    const cookie = await consoleCookie(t.app, "editor");
    const cases: [string, string][] = [
      ["/admin/sign-in", "/admin"],
      ["/admin/sign-in?returnTo=%2Fadmin%2Factivity%3Fpage%3D2", "/admin/activity?page=2"],
      ["/admin/sign-in?returnTo=https%3A%2F%2Fevil.example%2Fadmin", "/admin"],
      ["/admin/sign-in?returnTo=%2F%2Fevil.example", "/admin"],
      ["/admin/sign-in?returnTo=%2Fadmin%2F%2Fevil.example", "/admin"],
      ["/admin/sign-in?returnTo=%2Fadmin%5C%5Cevil.example", "/admin"],
      ["/admin/sign-in?returnTo=%2Fplaylists", "/admin"],
    ];
    for (const [url, location] of cases) {
      const answer = await get(url, cookie);
      expect(answer.statusCode).toBe(302);
      expect(answer.headers.location).toBe(location);
    }
  });

  it("keeps the console out of the sitemap and robots.txt, and operators out of public answers", async () => {
    const cookie = await consoleCookie(t.app, "admin", "boss@console.test");
    const sitemap = await get("/sitemap.xml");
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.body).not.toContain("/admin");
    const robots = (await get("/robots.txt")).body;
    expect(robots).toContain("Disallow: /admin");
    expect(robots).toContain("Disallow: /api/");
    for (const url of ["/api/playlists", "/api/genres", "/", "/playlists"]) {
      const answer = await get(url, cookie);
      expect(answer.body).not.toContain("boss@console.test");
      expect(answer.headers["set-cookie"]).toBeUndefined();
    }
  });
});
