import { describe, expect, it } from "vitest";
import {
  chaptersOf,
  episodeChapters,
  episodeTranscript,
  TIMED_TEXT_CACHE_SIZE,
  timedTextCacheSize,
} from "./episode-timed-text";

describe("episode chapters and transcript files", () => {
  it("reads a club episode's committed chapters and WebVTT transcript", async () => {
    const chapters = await episodeChapters("/media/podcasts/bedroom-to-master/ep57-65dba5878f.chapters.json");
    expect(chapters.map((chapter) => chapter.title)).toEqual([
      "Intro",
      "Episode 57: Mastering at Home: What Loudness Targets Mean",
      "About this episode",
      "Sign-off",
    ]);
    const cues = await episodeTranscript([
      { url: "/media/podcasts/bedroom-to-master/ep57-0fc341936e.srt", type: "application/x-subrip" },
      { url: "/media/podcasts/bedroom-to-master/ep57-2e33260435.vtt", type: "text/vtt" },
    ]);
    expect(cues.map((cue) => cue.text)).toContain("Hosted by Theo Lindqvist.");
  });

  it("reads nothing for others' addresses, paths outside the folder, or no links", async () => {
    expect(await episodeChapters(null)).toEqual([]);
    expect(await episodeChapters("https://example.com/ep1.chapters.json")).toEqual([]);
    expect(await episodeChapters("/media/podcasts/../README.md")).toEqual([]);
    expect(await episodeTranscript(null)).toEqual([]);
    expect(await episodeTranscript([{ url: "https://example.com/ep1.vtt", type: "text/vtt" }])).toEqual([]);
    expect(
      await episodeTranscript([{ url: "/media/podcasts/x/ep1-0123456789.vtt", type: "text/html" }]),
    ).toEqual([]);
  });

  it("keeps at most TIMED_TEXT_CACHE_SIZE parsed files", async () => {
    for (let n = 0; n < TIMED_TEXT_CACHE_SIZE + 20; n++) {
      const hash = n.toString(16).padStart(10, "0");
      expect(await episodeChapters(`/media/podcasts/none/ep${n}-${hash}.chapters.json`)).toEqual([]);
    }
    expect(timedTextCacheSize()).toBe(TIMED_TEXT_CACHE_SIZE);
  });

  it("keeps chapters with a start and a title, in order of start", () => {
    expect(
      chaptersOf({
        chapters: [
          { startTime: 10, title: " Second " },
          { startTime: 0, title: "First" },
          { startTime: -1, title: "Before the start" },
          { startTime: 5 },
          { title: "No start" },
          null,
        ],
      }),
    ).toEqual([
      { startTime: 0, title: "First" },
      { startTime: 10, title: "Second" },
    ]);
    expect(chaptersOf({ version: "1.2.0" })).toEqual([]);
    expect(chaptersOf(null)).toEqual([]);
  });
});
