import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { podcasts } from "../../db/schema";
import { feedFixturesFolder } from "../../paths";
import { createTestDatabase, type TestDatabase, testEngine } from "../../test/test-database";
import { ingestFeed, refreshFeeds } from "./ingestion";
import { createPodcastPagesRepository } from "./podcast-pages.repository";
import { createPodcastsRepository } from "./podcasts.repository";

const FEED = readFileSync(
  join(feedFixturesFolder, "dasding-german-music-interviews-umlauts-leading-blank-line.rss"),
);
const ETAG = '"dasding-1"';
/** The test's feed server is on loopback: reading it takes ALLOW_PRIVATE_FEEDS. */
const LOCAL = { allowPrivateAddresses: true };

describe(`ingestion over HTTP on ${testEngine}`, () => {
  let database: TestDatabase;
  let server: Server;
  let base: string;
  const seen: Array<{ url: string; ifNoneMatch: string | undefined }> = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    server = createServer((request, response) => {
      seen.push({ url: request.url ?? "", ifNoneMatch: request.headers["if-none-match"] });
      if (request.url === "/moved") return void response.writeHead(301, { location: "/feed.rss" }).end();
      if (request.url === "/broken") return void response.writeHead(500, "Internal Server Error").end();
      if (request.url !== "/feed.rss") return void response.writeHead(404, "Not Found").end();
      if (request.headers["if-none-match"] === ETAG) return void response.writeHead(304).end();
      response.writeHead(200, { "content-type": "application/rss+xml", etag: ETAG }).end(FEED);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await database.close();
  });

  it("stores the validators and asks conditionally next time; 304 changes nothing", async () => {
    const url = `${base}/moved`;
    expect(await ingestFeed(database.db, url, LOCAL)).toMatchObject({ status: "added", episodesAdded: 32 });
    const [row] = await database.db.select().from(podcasts).where(eq(podcasts.feedUrl, url));
    expect(row?.etag).toBe(ETAG);
    expect(row?.title).toMatch(/Endorphine für Delfine/);

    seen.length = 0;
    expect(await ingestFeed(database.db, url, LOCAL)).toMatchObject({ status: "not-modified" });
    expect(seen.find((request) => request.url === "/feed.rss")?.ifNoneMatch).toBe(ETAG);

    // A show read from the web has a publisher: its cards and page link to it (the feed's own
    // website) and to the show on its platform, unlike the club's own shows.
    const [card] = await createPodcastsRepository(database.db).search({ q: "Delfine" });
    expect(card?.externalUrl).toBe(row?.externalUrl);
    expect(card?.externalUrl).toMatch(/^https?:\/\//);
    const page = await createPodcastPagesRepository(database.db).showPage(String(row?.slug), 0, 20);
    expect(page?.show.subscribe).toMatchObject({ ownFeed: false, websiteUrl: row?.externalUrl });
    expect(page?.show.subscribe.platformUrl).toMatch(/^https:\/\//);
  });

  it("one failing feed never stops the others, and each outcome is reported as it lands", async () => {
    const progress: string[] = [];
    const summary = await refreshFeeds(database.db, [`${base}/broken`, `${base}/moved`, `${base}/missing`], {
      ...LOCAL,
      onProgress: (outcome, index, total) => progress.push(`${index + 1}/${total} ${outcome.status}`),
    });
    expect(progress).toEqual(["1/3 failed", "2/3 not-modified", "3/3 failed"]);
    expect(summary).toMatchObject({ added: 0, updated: 0, notModified: 1, failed: 2 });
    expect(summary.outcomes[0]).toMatchObject({
      error: expect.stringMatching(/answered 500 Internal Server Error/),
    });
    expect(summary.outcomes[2]).toMatchObject({ error: expect.stringMatching(/answered 404 Not Found/) });
  });

  it("refuses a feed on a private address without ALLOW_PRIVATE_FEEDS, recording why", async () => {
    const url = `${base}/moved`;
    const outcome = await ingestFeed(database.db, url);
    expect(outcome).toMatchObject({
      status: "failed",
      error: expect.stringMatching(/refused: 127\.0\.0\.1 is a loopback, private or link-local address/),
    });
    const [row] = await database.db.select().from(podcasts).where(eq(podcasts.feedUrl, url));
    expect(row?.lastError).toMatch(/ALLOW_PRIVATE_FEEDS=true/);
  });
});
