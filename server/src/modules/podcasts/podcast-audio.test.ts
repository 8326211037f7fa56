import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { getShowPage } from "@waveform/contracts/podcast-pages";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { podcastMediaFolder, seedFeedsFolder } from "../../paths";
import { mp3Duration } from "../../test/mp3-duration";
import { createTestApp, type TestApp } from "../../test/test-app";

type AudioFile = { guid: string; bytes: number; seconds: number; vtt: string; srt: string; chapters: string };
const manifest = JSON.parse(readFileSync(join(podcastMediaFolder, "audio-files.json"), "utf8")) as Record<
  string,
  AudioFile
>;

/** itunes:duration in any of its forms (seconds, MM:SS, HH:MM:SS) as seconds. */
const durationSeconds = (text: string) =>
  text.split(":").reduce((total, part) => total * 60 + Number(part), 0);

const seedItems = readdirSync(seedFeedsFolder)
  .filter((name) => name.endsWith(".xml"))
  .flatMap((file) => {
    const xml = readFileSync(join(seedFeedsFolder, file), "utf8");
    return [...xml.matchAll(/<item>[\s\S]*?<\/item>/g)].map(([item]) => ({
      slug: file.replace(/\.xml$/, ""),
      guid: /<guid[^>]*>([^<]+)<\/guid>/.exec(item)?.[1] ?? "",
      enclosure: /<enclosure url="([^"]+)" type="([^"]+)" length="(\d+)"\/>/.exec(item),
      duration: /<itunes:duration>([^<]+)<\/itunes:duration>/.exec(item)?.[1] ?? "",
    }));
  });

describe("the seed podcasts' audio (server/media/podcasts)", () => {
  it("every file is MP3 of 20–60 s, its size and length as audio-files.json says, under 10 MB in all", () => {
    const entries = Object.entries(manifest);
    expect(entries).toHaveLength(58);
    let total = 0;
    for (const [path, entry] of entries) {
      const bytes = readFileSync(join(podcastMediaFolder, path));
      total += bytes.length;
      expect(bytes.length, path).toBe(entry.bytes);
      const { seconds, sampleRate } = mp3Duration(bytes);
      expect(sampleRate, path).toBe(22050);
      expect(Math.abs(seconds - entry.seconds), path).toBeLessThan(0.05);
      expect(seconds, path).toBeGreaterThanOrEqual(20);
      expect(seconds, path).toBeLessThanOrEqual(60);
    }
    expect(total).toBeLessThan(10 * 1024 * 1024);
  });

  it("the folder holds no file that audio-files.json does not list (audio, transcripts, chapters)", () => {
    const onDisk = readdirSync(podcastMediaFolder, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .flatMap((folder) =>
        readdirSync(join(podcastMediaFolder, folder.name)).map((name) => `${folder.name}/${name}`),
      );
    const listed = Object.entries(manifest).flatMap(([path, file]) => [
      path,
      file.vtt,
      file.srt,
      file.chapters,
    ]);
    expect(onDisk.sort()).toEqual(listed.sort());
  });

  it("every seed episode's enclosure is its own file on this site, with the file's length and duration", () => {
    expect(seedItems).toHaveLength(58);
    const used = new Set<string>();
    for (const item of seedItems) {
      const [, url = "", type, length] = item.enclosure ?? [];
      expect(url, item.guid).toMatch(new RegExp(`^/media/podcasts/${item.slug}/ep\\d+-[0-9a-f]{10}\\.mp3$`));
      const path = url.slice("/media/podcasts/".length);
      const file = manifest[path];
      expect(file?.guid, item.guid).toBe(item.guid);
      expect(type, item.guid).toBe("audio/mpeg");
      expect(Number(length), item.guid).toBe(file?.bytes);
      expect(durationSeconds(item.duration), item.guid).toBe(Math.round(file?.seconds ?? -1));
      used.add(path);
    }
    expect(used.size).toBe(Object.keys(manifest).length);
  });
});

describe("the seed episodes in the API play their files", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: true });
  });
  afterAll(() => t.close());

  it("each episode's audioUrl is its file's site path and its duration the file's, and the file is served", async () => {
    const bySlug = new Map<string, typeof seedItems>();
    for (const item of seedItems) bySlug.set(item.slug, [...(bySlug.get(item.slug) ?? []), item]);
    let checked = 0;
    for (const [slug, items] of bySlug) {
      const response = await t.app.inject({ url: `/api/podcasts/shows/${slug}` });
      const { episodes } = getShowPage.responses[200].parse(response.json());
      expect(episodes, slug).toHaveLength(items.length);
      for (const episode of episodes) {
        const path = episode.audioUrl?.replace("/media/podcasts/", "") ?? "";
        const file = manifest[path];
        expect(file, `${slug} ${episode.title}`).toBeDefined();
        expect(episode.duration).toBe(Math.round(file?.seconds ?? -1));
        const head = await t.app.inject({ method: "HEAD", url: episode.audioUrl ?? "" });
        expect(head.statusCode).toBe(200);
        expect(Number(head.headers["content-length"])).toBe(file?.bytes);
        checked++;
      }
    }
    expect(checked).toBe(58);
  });
});
