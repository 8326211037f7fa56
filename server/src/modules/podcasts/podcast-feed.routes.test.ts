import { eq } from "drizzle-orm";
import Parser from "rss-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { podcasts } from "../../db/schema";
import { SEED_SHOWS, seedAudioFiles } from "../../test/seed-podcasts";
import { createTestApp, type TestApp } from "../../test/test-app";
import { PODCAST_ARTWORK_PX } from "./podcast-artwork.routes";
import { podcastGuid } from "./podcast-feed-xml";

/** A deployment's address: every address in a published feed starts with it. */
const PUBLIC_URL = "https://music.waveform.test";
/** Apple Podcasts' Music category and its subcategories. */
const APPLE_MUSIC_SUBCATEGORIES = ["Music Commentary", "Music History", "Music Interviews"];

const manifest = seedAudioFiles();

type Item = { itunes?: { duration?: string; explicit?: string } };
type Feed = {
  itunes?: { owner?: { name?: string; email?: string }; image?: string; explicit?: string };
  "podcast:guid"?: string;
  language?: string;
};
const parser = new Parser<Feed, Item>({ customFields: { feed: ["podcast:guid", "language"] } });

/** The width and height a PNG's IHDR chunk states. */
const pngSize = (png: Buffer) => ({ width: png.readUInt32BE(16), height: png.readUInt32BE(20) });

it("podcast:guid is the Podcast Index's UUID v5 of the feed address (their published example)", () => {
  expect(podcastGuid("https://podnews.net/rss")).toBe("9b024349-ccf0-5f69-a609-6b82873eab3c");
  expect(podcastGuid("http://podnews.net/rss/")).toBe("9b024349-ccf0-5f69-a609-6b82873eab3c");
});

describe("a club show's podcast feed, /podcasts/:show/feed.xml", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: true, env: { PUBLIC_URL } });
  });
  afterAll(() => t.close());

  const sitePath = (url: string) => {
    expect(url.startsWith(`${PUBLIC_URL}/`), url).toBe(true);
    return url.slice(PUBLIC_URL.length);
  };

  it.each(SEED_SHOWS)("%s reads back with rss-parser and passes the directories' rules", async (slug) => {
    const response = await t.app.inject({ url: `/podcasts/${slug}/feed.xml` });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/rss+xml; charset=utf-8");
    expect(response.headers.etag).toBeTruthy();
    const xml = response.body;
    const feed = await parser.parseString(xml);

    // The channel: Apple's required tags (title, description, artwork, language, category, explicit)
    // and recommended ones (author, link, owner), the Podcast Index's guid, a self link.
    expect(feed.title).toBeTruthy();
    expect(feed.description?.length).toBeGreaterThan(20);
    expect(feed.link).toBe(`${PUBLIC_URL}/podcasts/${slug}`);
    expect(feed.language).toMatch(/^[a-z]{2}(-[a-z]{2})?$/i);
    expect(xml).toContain(
      `<atom:link href="${PUBLIC_URL}/podcasts/${slug}/feed.xml" rel="self" type="application/rss+xml"/>`,
    );
    expect(feed.itunes?.explicit).toBe("false");
    expect(feed.itunes?.owner?.email).toBe("hello@waveform-music.club");
    expect(feed.itunes?.owner?.name).toBeTruthy();
    expect(feed["podcast:guid"]).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    const categories = [...xml.matchAll(/<itunes:category text="([^"]+)"/g)].map((match) => match[1]);
    expect(categories[0]).toBe("Music");
    expect(categories.length).toBeGreaterThan(1);
    for (const sub of categories.slice(1)) expect(APPLE_MUSIC_SUBCATEGORIES).toContain(sub);

    // Artwork: an absolute address on the site, a square PNG of 1400–3000 px.
    const artwork = feed.itunes?.image ?? "";
    expect(artwork).toBe(`${PUBLIC_URL}/art/podcast/${slug}.png`);
    const image = await t.app.inject({ url: sitePath(artwork) });
    expect(image.statusCode).toBe(200);
    expect(image.headers["content-type"]).toBe("image/png");
    const { width, height } = pngSize(image.rawPayload);
    expect(width).toBe(height);
    expect(width).toBeGreaterThanOrEqual(1400);
    expect(width).toBeLessThanOrEqual(3000);

    // Items: unique guids, dates, absolute enclosures with the file's length and type, durations.
    expect(feed.items.length).toBeGreaterThan(0);
    const guids = feed.items.map((item) => item.guid);
    expect(new Set(guids).size).toBe(guids.length);
    for (const item of feed.items) {
      expect(item.title, item.guid).toBeTruthy();
      expect(item.content ?? item.contentSnippet, item.guid).toBeTruthy();
      expect(Number.isNaN(Date.parse(item.isoDate ?? "")), item.guid).toBe(false);
      expect(item.pubDate, item.guid).toMatch(/^\w{3}, \d{2} \w{3} \d{4} \d{2}:\d{2}:\d{2} GMT$/);
      expect(item.link, item.guid).toMatch(new RegExp(`^${PUBLIC_URL}/podcasts/${slug}/\\d+$`));
      const { url = "", length = "", type } = item.enclosure ?? {};
      expect(type, item.guid).toBe("audio/mpeg");
      const file = manifest[sitePath(url).replace("/media/podcasts/", "")];
      expect(file?.guid, item.guid).toBe(item.guid);
      expect(Number(length), item.guid).toBe(file?.bytes);
      const duration = item.itunes?.duration ?? "";
      expect(duration, item.guid).toMatch(/^(\d+|\d{1,2}:\d{2}(:\d{2})?)$/);
      expect(Number(duration), item.guid).toBe(Math.round(file?.seconds ?? -1));
      const head = await t.app.inject({ method: "HEAD", url: sitePath(url) });
      expect(head.statusCode, url).toBe(200);
      expect(Number(head.headers["content-length"]), url).toBe(file?.bytes);
    }
  });

  it("lists every episode of the show, newest first", async () => {
    const feed = await parser.parseString(
      (await t.app.inject({ url: "/podcasts/green-room-sessions/feed.xml" })).body,
    );
    expect(feed.items.map((item) => item.guid)).toEqual(
      [149, 148, 147, 146, 145, 144, 143, 142, 141].map((n) => `green-room-sessions-ep${n}`),
    );
  });

  it("answers 304 to its ETag, and lets other sites' web players read it", async () => {
    const first = await t.app.inject({ url: "/podcasts/cue-sheet/feed.xml" });
    expect(first.headers["access-control-allow-origin"]).toBe("*");
    expect(first.headers["cache-control"]).toBe("public, max-age=60, must-revalidate");
    const again = await t.app.inject({
      url: "/podcasts/cue-sheet/feed.xml",
      headers: { "if-none-match": String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it("answers 404 for an unknown show and for a show read from someone else's feed", async () => {
    expect((await t.app.inject({ url: "/podcasts/no-such-show/feed.xml" })).statusCode).toBe(404);
    // A show read from the web has an http(s) feed address; the club publishes only its own.
    await t.database.db
      .update(podcasts)
      .set({ feedUrl: "https://feeds.waveform.test/cue-sheet.xml" })
      .where(eq(podcasts.slug, "cue-sheet"));
    t.app.catalogueCache.clear();
    const other = await t.app.inject({ url: "/podcasts/cue-sheet/feed.xml" });
    expect(other.statusCode).toBe(404);
    await t.database.db
      .update(podcasts)
      .set({ feedUrl: "seed:cue-sheet.xml" })
      .where(eq(podcasts.slug, "cue-sheet"));
    t.app.catalogueCache.clear();
  });

  it(`draws a show's artwork as a ${PODCAST_ARTWORK_PX} px PNG with an ETag`, async () => {
    const png = await t.app.inject({ url: "/art/podcast/genre-atlas.png" });
    expect(png.statusCode).toBe(200);
    expect(pngSize(png.rawPayload)).toEqual({ width: PODCAST_ARTWORK_PX, height: PODCAST_ARTWORK_PX });
    const again = await t.app.inject({
      url: "/art/podcast/genre-atlas.png",
      headers: { "if-none-match": String(png.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    const svg = await t.app.inject({ url: "/art/podcast/genre-atlas.svg" });
    expect(svg.headers["content-type"]).toContain("image/svg+xml");
  });
});
