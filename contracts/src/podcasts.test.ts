import { describe, expect, it } from "vitest";
import { EpisodeSchema, LatestEpisodeSchema } from "./podcasts";

const episode = {
  id: 1,
  podcastId: 1,
  podcastSlug: "cue-sheet",
  podcastTitle: "Cue Sheet",
  title: "Loops That Never Get Old",
  description: "",
  imageUrl: "/art/podcast/cue-sheet.svg",
  date: "2026-10-15",
  duration: 26,
  chaptersUrl: null,
};

describe("an episode's audioUrl", () => {
  it("is a path on this site, an http(s) address, or null", () => {
    for (const audioUrl of [
      "/media/podcasts/cue-sheet/ep01-0123456789.mp3",
      "https://cdn.test/a.mp3",
      null,
    ]) {
      expect(EpisodeSchema.safeParse({ ...episode, audioUrl }).success, String(audioUrl)).toBe(true);
      const latest = {
        id: 1,
        title: "",
        description: "",
        duration: null,
        publishDate: "2026-10-15",
        audioUrl,
      };
      expect(LatestEpisodeSchema.safeParse(latest).success, String(audioUrl)).toBe(true);
    }
  });

  it("is never another scheme, a protocol-relative address or a relative path", () => {
    for (const audioUrl of [
      "javascript:alert(1)",
      "data:audio/mpeg;base64,AAAA",
      "//cdn.test/a.mp3",
      "/\\cdn.test/a.mp3",
      "media/a.mp3",
      "",
    ]) {
      expect(EpisodeSchema.safeParse({ ...episode, audioUrl }).success, audioUrl).toBe(false);
    }
  });
});

describe("an episode's chaptersUrl", () => {
  it("is one of the club's chapters files on this site, or null", () => {
    for (const chaptersUrl of ["/media/podcasts/cue-sheet/ep01-0123456789.chapters.json", null]) {
      expect(
        EpisodeSchema.safeParse({ ...episode, audioUrl: null, chaptersUrl }).success,
        String(chaptersUrl),
      ).toBe(true);
    }
    for (const chaptersUrl of [
      "https://cdn.test/ep1.chapters.json",
      "//cdn.test/media/podcasts/a/ep1.chapters.json",
      "/media/podcasts/../secrets.chapters.json",
      "/media/podcasts/cue-sheet/ep01.vtt",
    ]) {
      expect(EpisodeSchema.safeParse({ ...episode, audioUrl: null, chaptersUrl }).success, chaptersUrl).toBe(
        false,
      );
    }
  });
});
