import { copyFile, mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { episodes, podcasts } from "../../db/schema";
import { feedFixturesFolder } from "../../paths";
import { createTestDatabase, type TestDatabase, testEngine } from "../../test/test-database";
import { ingestFeed } from "./ingestion";

/**
 * Each fixture of test-fixtures/podcast-feeds (see its SOURCES.md for what each one is) is one test
 * below, with what that feed must give: its podcast, its episodes and the oddity it was chosen for,
 * or, for a feed that cannot be read, the sentence saying why and nothing stored. A feed that reads
 * is read twice: the second read changes nothing.
 */

type PodcastRow = typeof podcasts.$inferSelect;
type EpisodeRow = typeof episodes.$inferSelect;

const fixture = (file: string) => join(feedFixturesFolder, file);
const fixtureUrl = (file: string) => pathToFileURL(fixture(file)).href;

/** Items as the raw file counts them (<item> in RSS, <entry> in Atom). */
async function itemsInFile(file: string): Promise<number> {
  const text = (await readFile(fixture(file))).toString("latin1");
  return (text.match(/<item[\s>]/g) ?? text.match(/<entry[\s>]/g) ?? []).length;
}

/** The one episode matching `where`; fails naming the feed when none or several do. */
function theEpisode(rows: EpisodeRow[], where: (episode: EpisodeRow) => boolean): EpisodeRow {
  const found = rows.filter(where);
  if (found.length !== 1) throw new Error(`expected one episode to match, found ${found.length}`);
  return found[0] as EpisodeRow;
}

const testedFixtures: string[] = [];

describe(`feed fixtures on ${testEngine}`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  /** The podcast stored for `feedUrl` and its episodes, oldest first; null when none is stored. */
  async function stored(feedUrl: string): Promise<{ podcast: PodcastRow; episodes: EpisodeRow[] } | null> {
    const [podcast] = await database.db.select().from(podcasts).where(eq(podcasts.feedUrl, feedUrl));
    if (!podcast) return null;
    const rows = await database.db
      .select()
      .from(episodes)
      .where(eq(episodes.podcastId, podcast.id))
      .orderBy(asc(episodes.publishedAt), asc(episodes.id));
    return { podcast, episodes: rows };
  }

  /**
   * Reads a fixture that must ingest, with `items` items in the file and `unique` episodes stored
   * (fewer when items share a guid); reads it again (nothing changes), and answers what is stored.
   * Throws when no podcast is stored, so no expectation after it can pass on a missing podcast.
   */
  async function ingests(file: string, items: number, unique = items) {
    expect(await itemsInFile(file)).toBe(items);
    expect(await ingestFeed(database.db, fixtureUrl(file))).toMatchObject({
      status: "added",
      episodes: items,
      episodesAdded: unique,
    });
    expect(await ingestFeed(database.db, fixtureUrl(file))).toMatchObject({
      status: "updated",
      episodesAdded: 0,
      episodesUpdated: 0,
    });
    const feed = await stored(fixtureUrl(file));
    if (!feed) throw new Error(`${file}: no podcast was stored`);
    expect(feed.episodes).toHaveLength(unique);
    expect(feed.podcast).toMatchObject({ episodeCount: unique, lastError: null });
    return feed;
  }

  /** Reads a fixture that must fail with `error`, storing nothing. */
  async function fails(file: string, error: string) {
    expect(await ingestFeed(database.db, fixtureUrl(file))).toEqual({
      status: "failed",
      feedUrl: fixtureUrl(file),
      title: null,
      error,
    });
    expect(await stored(fixtureUrl(file))).toBeNull();
  }

  /** One fixture, one test (the list of them is checked against the folder at the end). */
  const feed = (file: string, about: string, test: () => Promise<void>) => {
    testedFixtures.push(file);
    it(`${file}: ${about}`, test);
  };

  feed(
    "podcasting20-namespace-reference-example.xml",
    "three episodes; the liveItem is not one",
    async () => {
      const { podcast, episodes } = await ingests("podcasting20-namespace-reference-example.xml", 3);
      expect(podcast).toMatchObject({
        title: "Podcasting 2.0 Namespace Example",
        host: "john@example.com (John Doe)",
      });
      expect(episodes.map((e) => [e.title, e.audioUrl])).toEqual([
        ["Episode 1 - The Past", "https://example.com/file-01.mp3"],
        ["Episode 2 - The Present", "https://example.com/file-02.mp3"],
        ["Episode 3 - The Future", "https://example.com/file-03.mp3"],
      ]);
      expect(episodes.map((e) => e.title)).not.toContain("Podcasting 2.0 Live Show");
      // The podcast namespace's links and soundbites are kept as the feed gives them.
      expect(episodes.map((e) => [e.chaptersUrl, e.soundbites])).toEqual([
        ["https://example.com/ep1_chapters.json", [{ startTime: 29.32, duration: 34, title: "" }]],
        ["https://example.com/ep2_chapters.json", [{ startTime: 45.4, duration: 56, title: "" }]],
        ["https://example.com/ep3_chapters.json", [{ startTime: 33.833, duration: 60, title: "" }]],
      ]);
      expect(episodes[2]?.transcripts).toEqual([
        { url: "https://example.com/ep3/transcript.txt", type: "text/plain" },
        {
          url: "https://example.com/episode1/transcript.vtt",
          type: "text/vtt",
          language: "es",
          rel: "captions",
        },
      ]);
      expect(episodes[0]?.transcripts).toEqual([
        { url: "https://example.com/ep1/transcript.txt", type: "text/plain" },
      ]);
    },
  );

  feed(
    "music-album-som-podcast-medium-music.xml",
    "a music release: two tracks with durations in seconds",
    async () => {
      const { podcast, episodes } = await ingests("music-album-som-podcast-medium-music.xml", 2);
      expect(podcast).toMatchObject({ title: "S.O.M.", host: "Jake Hider" });
      expect(episodes.map((e) => [e.title, e.durationSeconds])).toEqual([
        ["Desperate Pleasure", 166],
        ["Outlasted Motion", 177],
      ]);
      // CDATA HTML in the description is read as its text.
      expect(episodes[0]?.description).toBe(
        "Sitting under an acoustic bridge witnessing the duality of desperate pleasure.",
      );
    },
  );

  feed(
    "music-show-homegrown-hits-v4v-remoteitems-timesplits.xml",
    "four episodes with no duration; the liveItem with bad dates is left out",
    async () => {
      const { podcast, episodes } = await ingests(
        "music-show-homegrown-hits-v4v-remoteitems-timesplits.xml",
        4,
      );
      expect(podcast).toMatchObject({ title: "Homegrown Hits", host: "DuhLaurien" });
      expect(episodes.map((e) => e.title)).toEqual([
        "Homegrown Hits - Episode 00",
        "Homegrown Hits - Episode 01",
        "Homegrown Hits - Episode 02",
        "Homegrown Hits - Episode 03",
      ]);
      expect(episodes.map((e) => e.durationSeconds)).toEqual([null, null, null, null]);
      expect(episodes[0]?.publishedAt?.toISOString()).toBe("2023-09-14T02:00:19.000Z");
    },
  );

  feed(
    "musicl-playlist-itdv-remoteitems-only-no-items.xml",
    "a playlist of other feeds' tracks: the podcast, no episodes",
    async () => {
      const { podcast } = await ingests("musicl-playlist-itdv-remoteitems-only-no-items.xml", 0);
      expect(podcast).toMatchObject({
        title: "ITDV music playlist",
        description: "Every music reference from Into The Doerfel-Verse podcast",
        latestEpisodeId: null,
      });
    },
  );

  feed(
    "large-giant-bombcast-730-items-duration-seconds.rss",
    "730 episodes; seconds as durations, a PST date at its instant",
    async () => {
      const { podcast, episodes } = await ingests("large-giant-bombcast-730-items-duration-seconds.rss", 730);
      expect(podcast).toMatchObject({ title: "Giant Bombcast", host: "Giant Bomb" });
      // <itunes:duration>10475</itunes:duration>, <pubDate>Tue, 01 Oct 2019 14:30:00 PST</pubDate>
      expect(theEpisode(episodes, (e) => e.title === "Giant Bombcast 603: Call of Tuesday")).toMatchObject({
        durationSeconds: 10475,
        publishedAt: new Date("2019-10-01T22:30:00.000Z"),
      });
      expect(episodes.every((e) => e.durationSeconds !== null && e.publishedAt !== null)).toBe(true);
    },
  );

  feed(
    "taverncast-wrong-case-itunes-namespace-hhmmss-leading-blank-line.rss",
    "131 items, 130 episodes (two share a guid); the wrong-case iTunes namespace still read",
    async () => {
      const { podcast, episodes } = await ingests(
        "taverncast-wrong-case-itunes-namespace-hhmmss-leading-blank-line.rss",
        131,
        130,
      );
      expect(podcast.title).toBe("Taverncast - Happy Hour in Your Head - Since 2005");
      // itunes:author under the namespace URI http://www.itunes.com/DTDs/Podcast-1.0.dtd
      expect(podcast.host).toMatch(/^Bryce Erwin, Bill Ticknor, /);
      // <itunes:duration>1:09:50</itunes:duration>
      expect(
        theEpisode(episodes, (e) => e.title === "Taverncast 62 - Temporal Anomaly").durationSeconds,
      ).toBe(4190);
      // Two items carry the guid geekistry-2.mp3: the first is kept.
      expect(
        theEpisode(episodes, (e) => e.guid === "http://taverncast.com/shows/geekistry-2.mp3").title,
      ).toBe("Geekistry: You Can See the Strings");
    },
  );

  feed(
    "dasding-german-music-interviews-umlauts-leading-blank-line.rss",
    "umlauts in UTF-8, MM:SS durations",
    async () => {
      const { podcast, episodes } = await ingests(
        "dasding-german-music-interviews-umlauts-leading-blank-line.rss",
        32,
      );
      expect(podcast).toMatchObject({
        title: "Endorphine für Delfine",
        host: "DASDING, Walerija, Johannes",
      });
      // <itunes:duration>45:44</itunes:duration>
      expect(
        theEpisode(episodes, (e) => e.title === "Die mit Alice Merton und der Wespen-Taschen Psychologie")
          .durationSeconds,
      ).toBe(2744);
      expect(
        theEpisode(episodes, (e) => e.title === "Die mit Alligatoah und dem Zauberwürfel").durationSeconds,
      ).toBe(2433);
    },
  );

  feed(
    "malformed-no-agenda-undefined-entity-podcasting20.xml",
    "the undefined entity &gtgt; does not stop the feed",
    async () => {
      const { podcast, episodes } = await ingests(
        "malformed-no-agenda-undefined-entity-podcasting20.xml",
        29,
      );
      expect(podcast).toMatchObject({ title: "No Agenda", host: "Adam Curry & John C. Dvorak" });
      // Line 2761: `Pat E&lt;/p&gtgt;&lt;p&gt;`; the notes around it read as text.
      const shetard = theEpisode(episodes, (e) => e.title === '1374: "Shetard"');
      expect(shetard.description).toContain("Pat E\nKristi Jensen");
      expect(shetard.description).not.toMatch(/gtgt|&gt;|<\/?p>/);
      expect(episodes.map((e) => e.durationSeconds)).toEqual(Array(29).fill(null));
    },
  );

  feed(
    "wondery-1865-art19-cdata-html-descriptions.xml",
    "CDATA HTML reduced to text, HH:MM:SS durations",
    async () => {
      const { podcast, episodes } = await ingests("wondery-1865-art19-cdata-html-descriptions.xml", 61);
      expect(podcast).toMatchObject({ title: "1865", host: "Airship / Wondery" });
      expect(podcast.description).toMatch(/^All episodes are available for free/);
      expect(podcast.description).not.toMatch(/<\/?[a-z][^>]*>/i);
      expect(episodes.filter((e) => /<\/?[a-z][^>]*>/i.test(e.description))).toEqual([]);
      // <itunes:duration>00:16:00</itunes:duration>
      expect(
        theEpisode(episodes, (e) => e.title === "Introducing 'History Daily' From Host Lindsay Graham")
          .durationSeconds,
      ).toBe(960);
    },
  );

  feed("malformed-libsyn-missing-channel-element.xml", "fails: no <channel> element, nothing stored", () =>
    fails(
      "malformed-libsyn-missing-channel-element.xml",
      "The feed has no <channel> element, so it has no podcast to read.",
    ),
  );

  feed(
    "encoding-iso-8859-1-french-college-radio-chyz.xml",
    "ISO-8859-1 decoded; French dates with no year are unknown, not invented",
    async () => {
      const { podcast, episodes } = await ingests("encoding-iso-8859-1-french-college-radio-chyz.xml", 3);
      expect(podcast.title).toBe("CHYZ 94,3 :: L'Avant-Garde - Les Cuistots de l'Avant-Garde");
      expect(podcast.description).toMatch(/^Le but premier de CHYZ est de présenter /);
      expect(episodes.map((e) => [e.title, e.publishedAt]).sort()).toEqual([
        ["Les Cuistots de l'Avant-Garde - 03 décembre", null],
        ["Les Cuistots de l'Avant-Garde - 19 novembre", null],
        ["Les Cuistots de l'Avant-Garde - 26 novembre", null],
      ]);
      // <duration>62:00</duration> has no namespace: not the iTunes duration, so not read.
      expect(episodes.map((e) => e.durationSeconds)).toEqual([null, null, null]);
    },
  );

  feed(
    "encoding-declared-utf8-with-invalid-bytes-recoverable.rss",
    "the cp1252 byte in a UTF-8 feed is read as the apostrophe it was",
    async () => {
      const { podcast, episodes } = await ingests(
        "encoding-declared-utf8-with-invalid-bytes-recoverable.rss",
        4,
      );
      expect(podcast).toMatchObject({ title: "The Tennis Abstract Podcast", host: "Jeff Sackmann" });
      const dod = theEpisode(episodes, (e) => e.description.includes("’"));
      expect(dod).toMatchObject({
        title: "Ep 87: Author Sasha Abramsky on Lottie Dod, the Little Wonder",
        // An EST date (midnight), and H:MM:SS.
        publishedAt: new Date("2020-12-10T05:00:00.000Z"),
        durationSeconds: 3623,
      });
      expect(JSON.stringify({ podcast, episodes })).not.toContain("\uFFFD");
    },
  );

  feed(
    "encoding-declared-utf8-with-invalid-bytes-fatal-libsyn.rss",
    "fails: a UTF-8 character cut in half, nothing stored",
    () =>
      fails(
        "encoding-declared-utf8-with-invalid-bytes-fatal-libsyn.rss",
        "The feed says it is UTF-8, but a character is cut short at byte 22493; the file is damaged.",
      ),
  );

  feed(
    "comment-before-root-no-xml-declaration-crlf-192-items.xml",
    "a comment before the root, CRLF lines, CST dates with a one-digit day",
    async () => {
      const { podcast, episodes } = await ingests(
        "comment-before-root-no-xml-declaration-crlf-192-items.xml",
        192,
      );
      expect(podcast).toMatchObject({
        title: "APM: Speaking of Faith with Krista Tippett",
        host: "Krista Tippett, American Public Media",
      });
      // <pubDate>Mon, 8 Dec 2008 13:20:00 CST</pubDate>: the newest.
      expect(episodes.at(-1)?.publishedAt?.toISOString()).toBe("2008-12-08T19:20:00.000Z");
      // <itunes:duration>52:34</itunes:duration>
      expect(
        theEpisode(
          episodes,
          (e) => e.title === "The Ethics of Aid: One Kenyan's Perspective (December 4, 2008)",
        ).durationSeconds,
      ).toBe(3154);
      expect(episodes.filter((e) => e.title.includes("\r") || e.description.includes("\r"))).toEqual([]);
    },
  );

  feed(
    "atom-basic-enclosures-audio-mp3-mime-antennapod.xml",
    "Atom entries with enclosure links become episodes with audio",
    async () => {
      const { podcast, episodes } = await ingests("atom-basic-enclosures-audio-mp3-mime-antennapod.xml", 10);
      expect(podcast).toMatchObject({ title: "title", description: "This is the description" });
      expect(episodes.map((e) => [e.title, e.audioUrl, e.publishedAt?.toISOString()])).toEqual(
        Array.from({ length: 10 }, (_, n) => [
          `item-${n}`,
          `http://example.com/media-${n}`,
          `1970-01-01T00:0${n}:00.000Z`,
        ]),
      );
    },
  );

  it("every fixture in the folder has its test above", async () => {
    const files = (await readdir(feedFixturesFolder)).filter((name) => /\.(xml|rss)$/.test(name));
    expect([...testedFixtures].sort()).toEqual(files.sort());
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
      const afterFailure = await stored(url);
      expect(afterFailure?.episodes).toHaveLength(61);
      expect(afterFailure?.podcast.lastError).toMatch(/no <channel> element/);

      await rm(path);
      expect(await ingestFeed(database.db, url)).toMatchObject({
        status: "failed",
        error: expect.stringMatching(/There is no file/),
      });

      await copyFile(fixture("wondery-1865-art19-cdata-html-descriptions.xml"), path);
      expect(await ingestFeed(database.db, url)).toMatchObject({ status: "updated", episodesAdded: 0 });
      expect((await stored(url))?.podcast.lastError).toBeNull();
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});
