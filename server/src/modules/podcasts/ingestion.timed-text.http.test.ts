import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { eq, like, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { episodes, episodeTimedText } from "../../db/schema";
import { isForbiddenAddress } from "../../integrations/feeds/address-guard";
import { feedFixturesFolder } from "../../paths";
import { createTestDatabase, type TestDatabase, testEngine } from "../../test/test-database";
import { fetchDueTimedText } from "../podcast-timed-text/index";
import { ingestFeed } from "./ingestion";
import { createPodcastPagesRepository } from "./podcast-pages.repository";

/**
 * No Agenda's feed (a real Podcasting 2.0 feed, test-fixtures SOURCES.md #8) links a JSON chapters
 * file and an SRT transcript per episode. Its addresses are pointed at this test's server, which
 * listens on 127.0.0.2 and plays a public host (public.test): the feed is read with
 * ALLOW_PRIVATE_FEEDS, but the chapters and transcripts through the strict guard, as on a server.
 */
const FIXTURE = readFileSync(
  join(feedFixturesFolder, "malformed-no-agenda-undefined-entity-podcasting20.xml"),
  "utf8",
);
const PUBLIC = "127.0.0.2";
const isForbidden = (address: string) => address !== PUBLIC && isForbiddenAddress(address);

const SRT = [
  "1",
  "00:00:00,000 --> 00:00:04,250",
  "In the morning, <i>Zanzibarquill</i> &amp; friends.",
  "",
  "2",
  "00:00:04,500 --> 00:00:09,000",
  "You've reached the best podcast in the universe.",
  "",
].join("\r\n");
const CHAPTERS = JSON.stringify({
  version: "1.2.0",
  chapters: [
    { startTime: 95.5, title: "Donation segment" },
    { startTime: 0, title: "Intro", img: "https://example.com/a.jpg" },
  ],
});
/** Caps small enough that a test file passes them (the real ones are 512 KB and 2 MB). */
const LIMITS = { transcriptBytes: 4 * 1024, chaptersBytes: 1024, episodesPerRun: 6 };

describe(`ingested episodes' chapters and transcripts on ${testEngine}`, () => {
  let database: TestDatabase;
  let server: Server;
  let port: number;
  const requests: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    server = createServer((request, response) => {
      const url = request.url ?? "";
      requests.push(url);
      const send = (type: string, body: string | Buffer) =>
        void response.writeHead(200, { "content-type": type }).end(body);
      if (url === "/feed.xml") {
        const feed = FIXTURE.replaceAll(
          "https://mp3s.nashownotes.com/",
          `http://public.test:${port}/t/`,
        ).replaceAll("http://34.117.70.159/", `http://public.test:${port}/c/`);
        return send("application/rss+xml", feed);
      }
      // Episode 1393: both read. 1392: too big and not JSON. 1391: not SRT, chapters missing.
      // 1390: redirected to loopback and to the metadata address. 1389: never answers, no chapter has a start.
      if (url === "/t/NA-1393-Captions.srt") return send("application/x-subrip", SRT);
      if (url.startsWith("/c/") && url.endsWith("1393.noagendanotes.com"))
        return send("application/json", CHAPTERS);
      if (url === "/t/NA-1392-Captions.srt") return send("application/x-subrip", SRT.repeat(30));
      if (url.startsWith("/c/") && url.endsWith("1392.noagendanotes.com"))
        return send("application/json", "{chapters:");
      if (url === "/t/NA-1391-Captions.srt")
        return send("text/html", "<html><body>Log in to read</body></html>");
      if (url === "/t/NA-1390-Captions.srt")
        return void response
          .writeHead(302, { location: `http://127.0.0.1:${port}/t/NA-1393-Captions.srt` })
          .end();
      if (url.startsWith("/c/") && url.endsWith("1390.noagendanotes.com"))
        return void response.writeHead(302, { location: "http://169.254.169.254/latest/meta-data/" }).end();
      if (url === "/t/NA-1389-Captions.srt") return; // no answer: the deadline ends it
      if (url.startsWith("/c/") && url.endsWith("1389.noagendanotes.com"))
        return send(
          "application/json",
          JSON.stringify({ version: "1.2.0", chapters: [{ title: "No start" }] }),
        );
      response.writeHead(404, "Not Found").end();
    });
    await new Promise<void>((resolve) => server.listen(0, PUBLIC, resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await database.close();
  });

  const strict = {
    isForbidden,
    resolve: async (hostname: string) =>
      hostname === "public.test" ? [{ address: PUBLIC, family: 4 as const }] : [],
    timeoutMs: 2000,
    limits: LIMITS,
  };
  const stored = async (number: number) => {
    const rows = await database.db
      .select({
        kind: episodeTimedText.kind,
        content: episodeTimedText.content,
        error: episodeTimedText.error,
      })
      .from(episodeTimedText)
      .innerJoin(episodes, eq(episodes.id, episodeTimedText.episodeId))
      .where(like(episodes.chaptersUrl, `%/http:${number}.noagendanotes.com`))
      .orderBy(episodeTimedText.kind);
    return rows;
  };
  const episodeId = async (number: number) =>
    (
      await database.db
        .select({ id: episodes.id })
        .from(episodes)
        .where(like(episodes.chaptersUrl, `%/http:${number}.noagendanotes.com`))
    )[0]?.id ?? 0;

  it("reads the newest episodes' files through the guard, capped; failures stored, never thrown", async () => {
    const feedUrl = `http://${PUBLIC}:${port}/feed.xml`;
    expect(await ingestFeed(database.db, feedUrl, { allowPrivateAddresses: true })).toMatchObject({
      status: "added",
      episodes: 29,
    });
    requests.length = 0;
    const run = await fetchDueTimedText(database.db, strict);

    // Six episodes (the newest, 1393 to 1388), two files each; nothing older asked for.
    expect(requests.filter((url) => url !== "/feed.xml")).toHaveLength(12);
    expect(requests.some((url) => /13(8[0-7]|7\d|6\d)/.test(url))).toBe(false);
    expect(run.stored).toBe(2);
    expect(run.failures).toHaveLength(10);

    expect(await stored(1393)).toEqual([
      {
        kind: "chapters",
        content: [
          { startTime: 0, title: "Intro" },
          { startTime: 95.5, title: "Donation segment" },
        ],
        error: null,
      },
      {
        kind: "transcript",
        content: [
          { start: 0, end: 4.25, text: "In the morning, Zanzibarquill & friends." },
          { start: 4.5, end: 9, text: "You've reached the best podcast in the universe." },
        ],
        error: null,
      },
    ]);
    const failure = async (number: number) =>
      (await stored(number)).map((row) => [row.kind, row.content, row.error]);
    expect(await failure(1392)).toEqual([
      ["chapters", null, expect.stringMatching(/^The chapters file at .* is not JSON\.$/)],
      [
        "transcript",
        null,
        expect.stringMatching(/^The transcript at .*NA-1392-Captions\.srt is larger than 4 KB\.$/),
      ],
    ]);
    expect(await failure(1391)).toEqual([
      ["chapters", null, expect.stringMatching(/^The chapters file server answered 404 Not Found for /)],
      ["transcript", null, expect.stringMatching(/NA-1391-Captions\.srt has no cues \(read as SRT\)\.$/)],
    ]);
    expect(await failure(1390)).toEqual([
      [
        "chapters",
        null,
        expect.stringMatching(/was refused: 169\.254\.169\.254 is a loopback, private or link-local/),
      ],
      [
        "transcript",
        null,
        expect.stringMatching(/was refused: 127\.0\.0\.1 is a loopback, private or link-local/),
      ],
    ]);
    expect(await failure(1389)).toEqual([
      ["chapters", null, expect.stringMatching(/has no chapters with a start and a title\.$/)],
      ["transcript", null, expect.stringMatching(/NA-1389-Captions\.srt did not answer within 2 s\.$/)],
    ]);

    // The episode page carries what was read, and nothing for an episode whose reads failed.
    const pages = createPodcastPagesRepository(database.db);
    const good = await pages.episodePage("no-agenda", await episodeId(1393));
    expect(good?.chapters.map((chapter) => chapter.title)).toEqual(["Intro", "Donation segment"]);
    expect(good?.transcript[0]?.text).toContain("Zanzibarquill");
    const bad = await pages.episodePage("no-agenda", await episodeId(1392));
    expect(bad).toMatchObject({ chapters: [], transcript: [] });
  });

  it("reads the next episodes on the next run, retries failures a day later, and re-reads a changed link", async () => {
    requests.length = 0;
    const second = await fetchDueTimedText(database.db, strict);
    // 1387 to 1382: only 404s; the six read before are not asked again.
    expect(second).toMatchObject({ stored: 0 });
    expect(requests.every((url) => /138[2-7]/.test(url))).toBe(true);

    await database.db.update(episodeTimedText).set({ fetchedAt: sql`now() - interval '25 hours'` });
    requests.length = 0;
    await fetchDueTimedText(database.db, { ...strict, limits: { ...LIMITS, episodesPerRun: 100 } });
    expect(requests.some((url) => url.includes("1392"))).toBe(true);
    expect(requests.some((url) => url.includes("1393"))).toBe(false);

    await database.db
      .update(episodes)
      .set({ transcripts: [{ url: `http://public.test:${port}/t/NA-1393-Captions.srt`, type: "text/srt" }] })
      .where(eq(episodes.id, await episodeId(1392)));
    requests.length = 0;
    expect(await fetchDueTimedText(database.db, strict)).toMatchObject({ stored: 1, failures: [] });
    expect(requests).toEqual(["/t/NA-1393-Captions.srt"]);

    // A link the feed drops shows nothing, though its file was read.
    const pages = createPodcastPagesRepository(database.db);
    expect((await pages.episodePage("no-agenda", await episodeId(1392)))?.transcript).toHaveLength(2);
    await database.db
      .update(episodes)
      .set({ transcripts: [] })
      .where(eq(episodes.id, await episodeId(1392)));
    expect((await pages.episodePage("no-agenda", await episodeId(1392)))?.transcript).toEqual([]);
  });
});
