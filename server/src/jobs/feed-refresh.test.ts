import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { episodes, podcasts } from "../db/schema";
import { ingestFeed } from "../modules/podcasts/index";
import { createTestApp, type TestApp } from "../test/test-app";
import { testEngine } from "../test/test-database";

const item = (n: number, title: string, links = "") =>
  `<item><title>${title}</title><guid>jobs-test-${n}</guid><pubDate>Mon, 0${n} Nov 2026 10:00:00 GMT</pubDate>` +
  `<description>Episode ${n}</description><enclosure url="https://shows.example/${n}.mp3" type="audio/mpeg" length="1000"/>${links}</item>`;
const feed = (items: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0" xmlns:podcast="https://podcastindex.org/namespace/1.0"><channel><title>Job Runner Radio</title>` +
  `<link>https://shows.example/</link><description>A show read from the web</description>${items.join("")}</channel></rss>`;

/** Makes every podcast due: read more than an hour ago. */
const makeDue = (t: TestApp) =>
  t.database.db.update(podcasts).set({ lastFetchedAt: sql`now() - interval '2 hours'` });

const search = async (t: TestApp, q: string) =>
  (await t.app.inject({ url: `/api/search?q=${encodeURIComponent(q)}` })).body;

describe(`hourly feed refresh (FEED_REFRESH=on) on ${testEngine}`, () => {
  let t: TestApp;
  let server: Server;
  let base: string;
  let items = [
    item(
      1,
      "Opening Night",
      '<podcast:chapters url="/ep1.chapters.json" type="application/json+chapters"/>' +
        '<podcast:transcript url="/ep1.vtt" type="text/vtt"/><podcast:transcript url="/ep1.html" type="text/html"/>',
    ),
  ];
  let requests = 0;

  beforeAll(async () => {
    server = createServer((request, response) => {
      // The episode's chapters and transcript (links relative to the feed, as podcast apps read them).
      if (request.url === "/ep1.chapters.json")
        return void response
          .writeHead(200, { "content-type": "application/json+chapters" })
          .end(JSON.stringify({ version: "1.2.0", chapters: [{ startTime: 0, title: "Overture" }] }));
      if (request.url === "/ep1.vtt")
        return void response
          .writeHead(200, { "content-type": "text/vtt" })
          .end("WEBVTT\n\n00:00:01.000 --> 00:00:03.500\nTonight the Vexmoorfinch quartet plays.\n");
      requests++;
      response.writeHead(200, { "content-type": "application/rss+xml" }).end(feed(items));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    // The feed server is on loopback, which only ALLOW_PRIVATE_FEEDS lets the fetcher read.
    t = await createTestApp({ env: { FEED_REFRESH: "on", ALLOW_PRIVATE_FEEDS: "true" } });
    await t.app.ready();
  });
  afterAll(async () => {
    await t?.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it("reads the due web feeds, and the new episode is found by search and cached reads at once", async () => {
    const url = `${base}/show.rss`;
    expect(await ingestFeed(t.database.db, url, { allowPrivateAddresses: true })).toMatchObject({
      status: "added",
    });
    // The club's own shows have no remote feed: never refreshed, however due.
    expect(await ingestFeed(t.database.db, "seed:cue-sheet.xml")).toMatchObject({ status: "added" });
    expect(await search(t, "Quokkaflip")).not.toContain("Quokkaflip Special");
    items = [...items, item(2, "Quokkaflip Special")];
    await makeDue(t);
    const [ownBefore] = await t.database.db
      .select({ at: podcasts.lastFetchedAt })
      .from(podcasts)
      .where(eq(podcasts.feedUrl, "seed:cue-sheet.xml"));
    requests = 0;

    expect(await t.app.runDueJobs()).toContain("podcast-feed-refresh");
    expect(requests).toBe(1);
    expect(await search(t, "Quokkaflip")).toContain("Quokkaflip Special");
    const [own] = await t.database.db
      .select({ at: podcasts.lastFetchedAt })
      .from(podcasts)
      .where(eq(podcasts.feedUrl, "seed:cue-sheet.xml"));
    expect(own?.at).toEqual(ownBefore?.at);
  });

  it("reads the episodes' linked chapters and transcript in the same job: the episode API and search carry them", async () => {
    const [show] = await t.database.db
      .select({ slug: podcasts.slug })
      .from(podcasts)
      .where(eq(podcasts.title, "Job Runner Radio"));
    const [episode] = await t.database.db
      .select({ id: episodes.id })
      .from(episodes)
      .where(eq(episodes.guid, "jobs-test-1"));
    const page = await t.app.inject({ url: `/api/podcasts/shows/${show?.slug}/episodes/${episode?.id}` });
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({
      chapters: [{ startTime: 0, title: "Overture" }],
      transcript: [{ start: 1, end: 3.5, text: "Tonight the Vexmoorfinch quartet plays." }],
    });
    expect(await search(t, "Vexmoorfinch")).toContain("Opening Night");
  });

  it("waits an hour before the next refresh, whichever server asks", async () => {
    await makeDue(t);
    requests = 0;
    expect(await t.app.runDueJobs()).not.toContain("podcast-feed-refresh");
    expect(requests).toBe(0);
  });
});

describe(`background jobs under NODE_ENV=test (${testEngine})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.ready();
  });
  afterAll(() => t?.close());

  it("purge sessions and rate-limit rows, roll up insights, and refresh no feeds unless a test turns it on", async () => {
    // newsletter-issues runs without SMTP too: it starts scheduled issues (their mail waits); the
    // fediverse store's purge runs with federation off too (rows left from when it was on go).
    expect((await t.app.runDueJobs()).sort()).toEqual([
      "federation-store-purge",
      "insights-rollup",
      "newsletter-issues",
      "rate-limit-purge",
      "session-purge",
    ]);
  });
});
