import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { ConsolePodcastSchema } from "@waveform/contracts/console-podcasts";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, podcasts } from "../../db/schema";
import { feedFixturesFolder } from "../../paths";
import { consoleCookie, consoleWriteHeaders } from "../../test/console-session";
import { createTestApp, type TestApp } from "../../test/test-app";
import { testEngine } from "../../test/test-database";

const FEED = readFileSync(
  join(feedFixturesFolder, "dasding-german-music-interviews-umlauts-leading-blank-line.rss"),
);
const BAD = readFileSync(join(feedFixturesFolder, "malformed-libsyn-missing-channel-element.xml"));

describe(`console podcasts API on ${testEngine}`, () => {
  let t: TestApp;
  let server: Server;
  let base: string;
  let editor: string;
  let feedBroken = false;

  beforeAll(async () => {
    server = createServer((request, response) => {
      if (request.url === "/feed.rss" && !feedBroken)
        return void response.writeHead(200, { "content-type": "application/rss+xml" }).end(FEED);
      if (request.url === "/bad.xml")
        return void response.writeHead(200, { "content-type": "text/xml" }).end(BAD);
      response.writeHead(500, "Internal Server Error").end();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    // The fixture server is on loopback: the test app allows private feeds, as the e2e server does.
    t = await createTestApp({ seed: true, env: { ALLOW_PRIVATE_FEEDS: "true" } });
    editor = await consoleCookie(t.app, "editor");
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  const add = (feedUrl: unknown, headers = consoleWriteHeaders(editor)) =>
    t.app.inject({ method: "POST", url: "/api/admin/podcasts", headers, payload: { feedUrl } });

  it("refuses without a session (401) and cross-site writes (403)", async () => {
    expect((await t.app.inject({ url: "/api/admin/podcasts" })).statusCode).toBe(401);
    expect((await add(`${base}/feed.rss`, {})).statusCode).toBe(403);
    const crossSite = { cookie: editor, "sec-fetch-site": "cross-site" };
    expect((await add(`${base}/feed.rss`, crossSite)).statusCode).toBe(403);
    const flags = await t.app.inject({
      method: "PATCH",
      url: "/api/admin/podcasts/1",
      headers: { cookie: editor, origin: "https://evil.example" },
      payload: { isFeatured: true },
    });
    expect(flags.statusCode).toBe(403);
  });

  it("lists the seeded feeds for an editor, with their reads and flags", async () => {
    const response = await t.app.inject({ url: "/api/admin/podcasts", headers: { cookie: editor } });
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("no-store");
    const list = response.json().podcasts.map((p: unknown) => ConsolePodcastSchema.parse(p));
    expect(list.length).toBe(8);
    expect(list[0]).toMatchObject({ lastError: null });
    expect(list[0].episodeCount).toBeGreaterThan(0);
  });

  it("adds a feed by address: stored, searchable, listed on the public API at once, audited", async () => {
    const before = await t.app.inject({ url: "/api/real-podcasts" });
    const response = await add(`  ${base}/feed.rss `);
    expect(response.statusCode).toBe(201);
    const { podcast, result } = response.json();
    expect(result).toMatchObject({ status: "added" });
    expect(podcast).toMatchObject({ feedUrl: `${base}/feed.rss`, episodeCount: 32, lastError: null });
    const after = await t.app.inject({ url: "/api/real-podcasts" });
    expect(after.json().podcasts.length).toBe(before.json().podcasts.length + 1);
    const search = await t.app.inject({ url: `/api/search?q=${encodeURIComponent("Delfine")}` });
    expect(search.body).toContain("Delfine");
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "podcast"), eq(auditLog.entityId, String(podcast.id))));
    expect(entry).toMatchObject({ action: "create", actorKind: "operator" });
    expect(entry?.after).toMatchObject({ feedUrl: `${base}/feed.rss` });
  });

  it("answers a field error for a bad, unreachable, malformed or already listed feed, storing nothing", async () => {
    const count = async () => (await t.database.db.select().from(podcasts)).length;
    const stored = await count();
    for (const [feedUrl, message] of [
      ["file:///etc/passwd", /http:\/\/ or https:\/\//],
      ["not an address", /http:\/\/ or https:\/\//],
      [`${base}/missing.rss`, /could not be read/],
      [`${base}/bad.xml`, /could not be read/],
      [`${base}/feed.rss`, /already listed/],
    ] as const) {
      const response = await add(feedUrl);
      expect(response.statusCode, feedUrl).toBe(400);
      const issue = response.json().issues?.[0];
      expect(issue?.path).toBe("feedUrl");
      expect(issue?.message).toMatch(message);
    }
    expect(await count()).toBe(stored);
  });

  it("refuses a private address unless ALLOW_PRIVATE_FEEDS is on", async () => {
    const strict = await createTestApp({ database: t.database });
    try {
      const cookie = await consoleCookie(strict.app, "editor");
      const response = await strict.app.inject({
        method: "POST",
        url: "/api/admin/podcasts",
        headers: consoleWriteHeaders(cookie),
        payload: { feedUrl: "http://127.0.0.1:9/other.rss" },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().issues[0].message).toMatch(/ALLOW_PRIVATE_FEEDS/);
    } finally {
      await strict.app.close();
    }
  });

  it("refreshes a feed now and reports the result, including a failure", async () => {
    const [row] = await t.database.db
      .select()
      .from(podcasts)
      .where(eq(podcasts.feedUrl, `${base}/feed.rss`));
    const refresh = () =>
      t.app.inject({
        method: "POST",
        url: `/api/admin/podcasts/${row?.id}/refresh`,
        headers: consoleWriteHeaders(editor),
      });
    const fine = await refresh();
    expect(fine.statusCode).toBe(200);
    expect(fine.json().result.status).toBe("updated");
    feedBroken = true;
    const failed = await refresh();
    feedBroken = false;
    expect(failed.statusCode).toBe(200);
    expect(failed.json().result).toMatchObject({ status: "failed" });
    expect(failed.json().podcast.lastError).toMatch(/500/);
    expect(failed.json().podcast.episodeCount).toBe(32);
    const missing = await t.app.inject({
      method: "POST",
      url: "/api/admin/podcasts/999999/refresh",
      headers: consoleWriteHeaders(editor),
    });
    expect(missing.statusCode).toBe(404);
  });

  it("sets the featured and trending flags, shown by the public API at once", async () => {
    const [row] = await t.database.db
      .select()
      .from(podcasts)
      .where(eq(podcasts.feedUrl, `${base}/feed.rss`));
    const id = row?.id;
    await t.app.inject({ url: "/api/real-podcasts/featured" }); // cached before the change
    const response = await t.app.inject({
      method: "PATCH",
      url: `/api/admin/podcasts/${id}`,
      headers: consoleWriteHeaders(editor),
      payload: { isFeatured: true, isTrending: true },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().podcast).toMatchObject({ isFeatured: true, isTrending: true });
    const featured = await t.app.inject({ url: "/api/real-podcasts/featured" });
    expect(featured.json().podcasts.map((p: { id: number }) => p.id)).toContain(id);
    const bad = await t.app.inject({
      method: "PATCH",
      url: `/api/admin/podcasts/${id}`,
      headers: consoleWriteHeaders(editor),
      payload: { isFeatured: "yes" },
    });
    expect(bad.statusCode).toBe(400);
    const missing = await t.app.inject({
      method: "PATCH",
      url: "/api/admin/podcasts/999999",
      headers: consoleWriteHeaders(editor),
      payload: { isFeatured: true },
    });
    expect(missing.statusCode).toBe(404);
  });

  it("answers an empty list when there are no feeds", async () => {
    const empty = await createTestApp();
    try {
      const cookie = await consoleCookie(empty.app, "editor");
      const response = await empty.app.inject({ url: "/api/admin/podcasts", headers: { cookie } });
      expect(response.json()).toEqual({ podcasts: [] });
    } finally {
      await empty.close();
    }
  });
});
