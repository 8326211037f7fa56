import { readFileSync } from "node:fs";
import { join } from "node:path";
import { PersonRole, parseFeed as partytime, TranscriptType } from "podcast-partytime";
import Parser from "rss-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { feedFixturesFolder, seedFeedsFolder } from "../../paths";
import { SEED_SHOWS, seedAudioFiles } from "../../test/seed-podcasts";
import { createTestApp, type TestApp } from "../../test/test-app";
import { podcastGuid } from "./podcast-feed-xml";

/** A deployment's address: every address in a published feed starts with it. */
const PUBLIC_URL = "https://music.waveform.test";
const OWNER = "hello@waveform-music.club";

const manifest = seedAudioFiles();
const byGuid = new Map(Object.values(manifest).map((file) => [file.guid, file]));
const media = (path: string) => `${PUBLIC_URL}/media/podcasts/${path}`;

/** What the show's feed in the repository says, read without either parser. */
function seedShow(slug: string) {
  const xml = readFileSync(join(seedFeedsFolder, `${slug}.xml`), "utf8");
  const host = /<itunes:author>([^<]+)<\/itunes:author>/.exec(xml)?.[1] ?? "";
  const soundbites = new Map(
    [...xml.matchAll(/<item>[\s\S]*?<\/item>/g)].map(([item]) => {
      const guid = /<guid[^>]*>([^<]+)<\/guid>/.exec(item)?.[1] ?? "";
      const [, start = "", duration = "", title = ""] =
        /<podcast:soundbite startTime="([\d.]+)" duration="([\d.]+)">([^<]*)<\/podcast:soundbite>/.exec(
          item,
        ) ?? [];
      return [
        guid,
        { startTime: Number(start), duration: Number(duration), title: title.replace(/&amp;/g, "&") },
      ];
    }),
  );
  return { host, soundbites };
}

type Attributes = Record<string, string>;
type Tag = { $?: Attributes; _?: string } | string;
const text = (tag: Tag | undefined) => (typeof tag === "string" ? tag : (tag?._ ?? ""));
const attributes = (tag: Tag | undefined) => (typeof tag === "object" ? (tag.$ ?? {}) : {});
type Item = {
  chapters?: Tag;
  transcripts?: Tag[];
  soundbites?: Tag[];
  episodeType?: string;
};
/** rss-parser keeps a channel field's attributes only when it keeps the field as a list. */
type Feed = { podcastGuid?: string; locked?: Tag[]; persons?: Tag[]; itunesType?: string };
const rss = new Parser<Feed, Item>({
  customFields: {
    feed: [
      ["podcast:guid", "podcastGuid"],
      ["podcast:locked", "locked", { keepArray: true }],
      ["podcast:person", "persons", { keepArray: true }],
      ["itunes:type", "itunesType"],
      // rss-parser reads channel fields as [tag, name, options] too; its types only name the plain form.
    ] as unknown as Array<keyof Feed>,
    item: [
      ["podcast:chapters", "chapters"],
      ["podcast:transcript", "transcripts", { keepArray: true }],
      ["podcast:soundbite", "soundbites", { keepArray: true }],
      ["itunes:episodeType", "episodeType"],
    ],
  },
});

describe("podcastGuid", () => {
  it("is the namespace's UUIDv5 of the address without scheme: the spec's example and a published feed's guid", () => {
    // The podcast namespace's own example (podcast:guid, "the following feed url").
    expect(podcastGuid("https://mp3s.nashownotes.com/pc20rss.xml")).toBe(
      "917393e3-1b1e-5cef-ace4-edaa54e1f810",
    );
    // No Agenda's feed publishes this guid for its address (test-fixtures SOURCES.md #8).
    const noAgenda = readFileSync(
      join(feedFixturesFolder, "malformed-no-agenda-undefined-entity-podcasting20.xml"),
      "utf8",
    );
    expect(/<podcast:guid>([^<]+)<\/podcast:guid>/.exec(noAgenda)?.[1]).toBe(
      podcastGuid("http://feed.nashownotes.com/rss.xml"),
    );
  });
});

describe("the club's feeds carry the Podcasting 2.0 tags, read back by rss-parser and podcast-partytime", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: true, env: { PUBLIC_URL } });
  });
  afterAll(() => t.close());

  it.each(SEED_SHOWS)(
    "%s: guid, locked, host, type; each episode's chapters, transcripts, soundbite, type",
    async (slug) => {
      const response = await t.app.inject({ url: `/podcasts/${slug}/feed.xml` });
      expect(response.statusCode).toBe(200);
      const xml = response.body;
      const seed = seedShow(slug);
      const guid = podcastGuid(`${PUBLIC_URL}/podcasts/${slug}/feed.xml`);
      expect(guid).toBe(podcastGuid(`music.waveform.test/podcasts/${slug}/feed.xml`));

      // rss-parser: the tags as written.
      const plain = await rss.parseString(xml);
      expect(plain.podcastGuid).toBe(guid);
      expect(plain.locked?.map((tag) => [text(tag), attributes(tag)])).toEqual([["no", { owner: OWNER }]]);
      expect(plain.persons?.map((person) => [text(person), attributes(person)])).toEqual([
        [seed.host, { role: "host" }],
      ]);
      expect(plain.itunesType).toBe("episodic");
      expect(plain.items.length).toBeGreaterThan(0);
      for (const item of plain.items) {
        const file = byGuid.get(item.guid ?? "");
        expect(file, item.guid).toBeDefined();
        if (!file) continue;
        expect(attributes(item.chapters), item.guid).toEqual({
          url: media(file.chapters),
          type: "application/json+chapters",
        });
        expect(item.transcripts?.map(attributes), item.guid).toEqual([
          { url: media(file.vtt), type: "text/vtt" },
          { url: media(file.srt), type: "application/x-subrip", rel: "captions" },
        ]);
        const bite = seed.soundbites.get(item.guid ?? "");
        expect(
          item.soundbites?.map((tag) => [attributes(tag), text(tag)]),
          item.guid,
        ).toEqual([[{ startTime: String(bite?.startTime), duration: String(bite?.duration) }, bite?.title]]);
        expect(item.episodeType, item.guid).toBe("full");
      }

      // podcast-partytime: the same values as a namespace-aware app reads them.
      const aware = partytime(xml);
      expect(aware).not.toBeNull();
      if (!aware) return;
      expect(aware.guid).toBe(guid);
      expect(aware.locked).toBe(false);
      expect(aware.podcastOwner).toBe(OWNER);
      expect(aware.podcastPeople?.map(({ name, role }) => ({ name, role }))).toEqual([
        { name: seed.host, role: PersonRole.Host },
      ]);
      expect(aware.itunesType).toBe("episodic");
      expect(aware.items.map((item) => item.guid)).toEqual(plain.items.map((item) => item.guid));
      for (const episode of aware.items) {
        const file = byGuid.get(episode.guid);
        if (!file) throw new Error(`${episode.guid}: no file`);
        expect(episode.podcastChapters, episode.guid).toEqual({
          url: media(file.chapters),
          type: "application/json+chapters",
        });
        expect(episode.podcastTranscripts, episode.guid).toEqual([
          // No language attribute: the feed's <language> applies, as the namespace says.
          { url: media(file.vtt), type: TranscriptType.VTT, language: "en" },
          // partytime files application/x-subrip (the namespace's type for SRT) under its SRT type.
          { url: media(file.srt), type: TranscriptType.SRT, language: "en", rel: "captions" },
        ]);
        expect(episode.podcastSoundbites, episode.guid).toEqual([seed.soundbites.get(episode.guid)]);
        expect(episode.itunesEpisodeType, episode.guid).toBe("full");
      }
    },
  );

  it("each linked transcript and chapters file is served from the feed's addresses", async () => {
    const plain = await rss.parseString((await t.app.inject({ url: "/podcasts/cue-sheet/feed.xml" })).body);
    for (const item of plain.items) {
      const urls = [item.chapters, ...(item.transcripts ?? [])].map((tag) => attributes(tag).url ?? "");
      const types = [item.chapters, ...(item.transcripts ?? [])].map((tag) => attributes(tag).type ?? "");
      for (const [index, url] of urls.entries()) {
        const response = await t.app.inject({ url: url.slice(PUBLIC_URL.length) });
        expect(response.statusCode, url).toBe(200);
        expect(response.headers["content-type"], url).toBe(`${types[index]}; charset=utf-8`);
      }
    }
  });
});
