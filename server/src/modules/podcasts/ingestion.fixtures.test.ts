import { copyFile, mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { episodes, podcasts } from "../../db/schema";
import { feedFixturesFolder } from "../../paths";
import { createTestDatabase, type TestDatabase, testEngine } from "../../test/test-database";
import { ingestFeed } from "./ingestion";

/**
 * Every fixture of test-fixtures/podcast-feeds (see its SOURCES.md) either ingests with as many
 * episodes as the file has items, or fails with a sentence saying why.
 */
const INGESTS: Array<[file: string, items: number, episodes?: number]> = [
  ["podcasting20-namespace-reference-example.xml", 3],
  ["music-album-som-podcast-medium-music.xml", 2],
  ["music-show-homegrown-hits-v4v-remoteitems-timesplits.xml", 4],
  ["musicl-playlist-itdv-remoteitems-only-no-items.xml", 0],
  ["large-giant-bombcast-730-items-duration-seconds.rss", 730],
  // 131 items, two of which share one guid (geekistry-2.mp3): one episode, as the guid says.
  ["taverncast-wrong-case-itunes-namespace-hhmmss-leading-blank-line.rss", 131, 130],
  ["dasding-german-music-interviews-umlauts-leading-blank-line.rss", 32],
  ["malformed-no-agenda-undefined-entity-podcasting20.xml", 29],
  ["wondery-1865-art19-cdata-html-descriptions.xml", 61],
  ["encoding-iso-8859-1-french-college-radio-chyz.xml", 3],
  ["encoding-declared-utf8-with-invalid-bytes-recoverable.rss", 4],
  ["comment-before-root-no-xml-declaration-crlf-192-items.xml", 192],
  ["atom-basic-enclosures-audio-mp3-mime-antennapod.xml", 10],
];
const FAILS: Array<[file: string, error: RegExp]> = [
  ["malformed-libsyn-missing-channel-element.xml", /no <channel> element/],
  [
    "encoding-declared-utf8-with-invalid-bytes-fatal-libsyn.rss",
    /UTF-8, but a character is cut short at byte 22493/,
  ],
];

const fixture = (file: string) => join(feedFixturesFolder, file);
const fixtureUrl = (file: string) => pathToFileURL(fixture(file)).href;

/** Items as the raw file counts them (<item> in RSS, <entry> in Atom). */
async function itemsInFile(file: string): Promise<number> {
  const text = (await readFile(fixture(file))).toString("latin1");
  return (text.match(/<item[\s>]/g) ?? text.match(/<entry[\s>]/g) ?? []).length;
}

describe(`feed fixtures on ${testEngine}`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  const episodeCount = async (feedUrl: string) => {
    const [podcast] = await database.db.select().from(podcasts).where(eq(podcasts.feedUrl, feedUrl));
    if (!podcast) return null;
    const [row] = await database.db
      .select({ n: count() })
      .from(episodes)
      .where(eq(episodes.podcastId, podcast.id));
    return { podcast, stored: row?.n ?? 0 };
  };

  it("the lists cover every fixture in the folder", async () => {
    const { readdir } = await import("node:fs/promises");
    const files = (await readdir(feedFixturesFolder)).filter((name) => /\.(xml|rss)$/.test(name));
    expect([...INGESTS.map(([f]) => f), ...FAILS.map(([f]) => f)].sort()).toEqual(files.sort());
  });

  it.each(INGESTS)(
    "%s has %i items and ingests one episode per guid",
    async (file, items, unique = items) => {
      expect(await itemsInFile(file)).toBe(items);
      const expected = unique;
      const outcome = await ingestFeed(database.db, fixtureUrl(file));
      expect(outcome).toMatchObject({ status: "added", episodes: items, episodesAdded: expected });
      const stored = await episodeCount(fixtureUrl(file));
      expect(stored?.stored).toBe(expected);
      expect(stored?.podcast.episodeCount).toBe(expected);
      expect(stored?.podcast.title).not.toBe("");
      expect(stored?.podcast.lastError).toBeNull();
    },
  );

  it.each(INGESTS)("%s ingested again changes nothing", async (file) => {
    const outcome = await ingestFeed(database.db, fixtureUrl(file));
    expect(outcome).toMatchObject({ status: "updated", episodesAdded: 0, episodesUpdated: 0 });
  });

  it.each(FAILS)("%s fails with a readable error and stores nothing", async (file, error) => {
    const outcome = await ingestFeed(database.db, fixtureUrl(file));
    expect(outcome.status).toBe("failed");
    if (outcome.status === "failed") expect(outcome.error).toMatch(error);
    expect(await episodeCount(fixtureUrl(file))).toBeNull();
  });

  it("reads what the fixtures say about durations, dates, text and encodings", async () => {
    const read = async (file: string, where: (e: typeof episodes.$inferSelect) => boolean) => {
      const stored = await episodeCount(fixtureUrl(file));
      const rows = await database.db
        .select()
        .from(episodes)
        .where(eq(episodes.podcastId, stored?.podcast.id ?? 0));
      return { podcast: stored?.podcast, episode: rows.find(where) };
    };
    // Seconds, H:MM:SS, MM:SS and HH:MM:SS
    expect(
      (await read("large-giant-bombcast-730-items-duration-seconds.rss", (e) => e.durationSeconds === 10475))
        .episode,
    ).toBeDefined();
    const tavern = await read(
      "taverncast-wrong-case-itunes-namespace-hhmmss-leading-blank-line.rss",
      (e) => e.durationSeconds === 4190,
    );
    expect(tavern.episode).toBeDefined();
    expect(tavern.podcast?.host).not.toBe("");
    expect(
      (
        await read(
          "dasding-german-music-interviews-umlauts-leading-blank-line.rss",
          (e) => e.durationSeconds === 2744,
        )
      ).podcast?.title,
    ).toMatch(/Endorphine für Delfine/);
    expect(
      (await read("wondery-1865-art19-cdata-html-descriptions.xml", (e) => e.durationSeconds === 960))
        .episode,
    ).toBeDefined();
    // A PST date lands at the right instant (PST = UTC-8).
    expect(
      (
        await read(
          "large-giant-bombcast-730-items-duration-seconds.rss",
          (e) => e.publishedAt?.toISOString() === "2019-10-01T22:30:00.000Z",
        )
      ).episode,
    ).toBeDefined();
    // ISO-8859-1 decoded; French dates with no year are unknown, not invented.
    const chyz = await read("encoding-iso-8859-1-french-college-radio-chyz.xml", () => true);
    expect(chyz.podcast?.title).toMatch(/CHYZ/);
    expect(chyz.episode?.publishedAt).toBeNull();
    // Every one of its episodes ('19 novembre', '26 novembre', none), whatever order rows come in.
    const dated = await read(
      "encoding-iso-8859-1-french-college-radio-chyz.xml",
      (e) => e.publishedAt !== null,
    );
    expect(dated.episode).toBeUndefined();
    // The cp1252 byte in a UTF-8 feed is read as the apostrophe it was.
    const tennis = await read("encoding-declared-utf8-with-invalid-bytes-recoverable.rss", (e) =>
      e.description.includes("’"),
    );
    expect(tennis.episode).toBeDefined();
    expect(JSON.stringify(tennis)).not.toContain("\uFFFD");
    // CDATA HTML is reduced to text.
    const wondery = await read("wondery-1865-art19-cdata-html-descriptions.xml", () => true);
    expect(wondery.episode?.description).not.toMatch(/<\/?[a-z][^>]*>/i);
    expect(wondery.podcast?.description).not.toMatch(/<\/?p>/);
    // Atom enclosures become audio addresses.
    expect(
      (await read("atom-basic-enclosures-audio-mp3-mime-antennapod.xml", (e) => !!e.audioUrl)).episode,
    ).toBeDefined();
  });

  it("a feed that later fails keeps its episodes and records the error; it recovers on the next good read", async () => {
    const folder = await mkdtemp(join(tmpdir(), "waveform-feed-"));
    const path = join(folder, "feed.xml");
    const url = pathToFileURL(path).href;
    try {
      await copyFile(fixture("wondery-1865-art19-cdata-html-descriptions.xml"), path);
      expect(await ingestFeed(database.db, url)).toMatchObject({ status: "added", episodesAdded: 61 });

      await copyFile(fixture("malformed-libsyn-missing-channel-element.xml"), path);
      const failed = await ingestFeed(database.db, url);
      expect(failed).toMatchObject({ status: "failed", title: expect.stringMatching(/1865/) });
      const afterFailure = await episodeCount(url);
      expect(afterFailure?.stored).toBe(61);
      expect(afterFailure?.podcast.lastError).toMatch(/no <channel> element/);

      await rm(path);
      expect(await ingestFeed(database.db, url)).toMatchObject({
        status: "failed",
        error: expect.stringMatching(/There is no file/),
      });

      await copyFile(fixture("wondery-1865-art19-cdata-html-descriptions.xml"), path);
      expect(await ingestFeed(database.db, url)).toMatchObject({ status: "updated", episodesAdded: 0 });
      expect((await episodeCount(url))?.podcast.lastError).toBeNull();
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});
