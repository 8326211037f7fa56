import { describe, expect, it, vi } from "vitest";
import { chapterIndexAt, chaptersOf, loadChapters, nextChapterStart, previousChapterStart } from "./chapters";

// server/media/podcasts/bedroom-to-master/ep57-65dba5878f.chapters.json
const chapters = [
  { startTime: 0, title: "Intro" },
  { startTime: 3.548, title: "Episode 57" },
  { startTime: 11.042, title: "About this episode" },
  { startTime: 18.665, title: "Sign-off" },
];

describe("chapters", () => {
  it("finds the chapter playing at a time, counting a seek that lands a hair short", () => {
    expect(chapterIndexAt(chapters, 0)).toBe(0);
    expect(chapterIndexAt(chapters, 3.5)).toBe(1);
    expect(chapterIndexAt(chapters, 10.7)).toBe(1);
    expect(chapterIndexAt(chapters, 10.9)).toBe(2);
    expect(chapterIndexAt(chapters, 11.042)).toBe(2);
    expect(chapterIndexAt(chapters, 300)).toBe(3);
    expect(chapterIndexAt([{ startTime: 5, title: "Late start" }], 2)).toBe(-1);
    expect(chapterIndexAt([], 2)).toBe(-1);
  });

  it("goes to the next chapter's start, none after the last", () => {
    expect(nextChapterStart(chapters, 0)).toBe(3.548);
    expect(nextChapterStart(chapters, 12)).toBe(18.665);
    expect(nextChapterStart(chapters, 19)).toBeNull();
    expect(nextChapterStart([{ startTime: 5, title: "Late start" }], 1)).toBe(5);
  });

  it("goes back to this chapter's start, or the one before within its first 3 seconds", () => {
    expect(previousChapterStart(chapters, 16)).toBe(11.042);
    expect(previousChapterStart(chapters, 13)).toBe(3.548);
    expect(previousChapterStart(chapters, 3.6)).toBe(0);
    expect(previousChapterStart(chapters, 1)).toBeNull();
    expect(previousChapterStart([], 40)).toBeNull();
  });

  it("reads JSON chapters: those with a start and a title, in order", () => {
    expect(
      chaptersOf({
        version: "1.2.0",
        chapters: [
          { startTime: 10, title: "Two", img: "x.png" },
          { startTime: 0, title: "One" },
          { startTime: -1, title: "Before" },
          { startTime: "5", title: "Text" },
          { startTime: 20, title: " " },
          null,
        ],
      }),
    ).toEqual([
      { startTime: 0, title: "One" },
      { startTime: 10, title: "Two" },
    ]);
    expect(chaptersOf(null)).toEqual([]);
    expect(chaptersOf({ chapters: "none" })).toEqual([]);
  });

  it("fetches a chapters file once, and again after a failure", async () => {
    const answer = new Response(JSON.stringify({ version: "1.2.0", chapters }));
    const load = vi.fn(async () => answer.clone());
    expect(await loadChapters("/media/podcasts/a/ep1-0123456789.chapters.json", load)).toEqual(chapters);
    expect(await loadChapters("/media/podcasts/a/ep1-0123456789.chapters.json", load)).toEqual(chapters);
    expect(load).toHaveBeenCalledTimes(1);
    const failing = vi.fn(async () => {
      throw new TypeError("offline");
    });
    expect(await loadChapters("/media/podcasts/a/ep2-0123456789.chapters.json", failing)).toEqual([]);
    expect(await loadChapters("/media/podcasts/a/ep2-0123456789.chapters.json", failing)).toEqual([]);
    expect(failing).toHaveBeenCalledTimes(2);
    const missing = vi.fn(async () => new Response("no", { status: 404 }));
    expect(await loadChapters("/media/podcasts/a/ep3-0123456789.chapters.json", missing)).toEqual([]);
  });
});
