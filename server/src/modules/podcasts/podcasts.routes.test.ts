import {
  listFeaturedRealPodcasts,
  listPodcastCategories,
  listPodcasts,
  listRealPodcasts,
  PODCAST_CATEGORY_NAMES,
} from "@waveform/contracts/podcasts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app";
import { testEngine } from "../../test/test-database";
import { PODCAST_SEARCHES_AT_ONCE } from "./podcasts.routes";

const summary = async (t: TestApp, query = "") => {
  const response = await t.app.inject({ url: `/api/podcasts${query}` });
  expect(response.statusCode).toBe(200);
  return listPodcasts.responses[200].parse(response.json());
};

describe(`podcast API on ${testEngine}`, () => {
  describe("with the seed podcasts", () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ seed: true });
    });
    afterAll(() => t.close());

    it("GET /api/podcasts gives the featured episode with its host, recent episodes newest first, and every podcast", async () => {
      const { featuredEpisode, recentEpisodes, podcasts } = await summary(t);
      expect(featuredEpisode).toMatchObject({
        podcastSlug: "green-room-sessions",
        podcastTitle: "The Green Room Sessions",
        hostName: "Maya Castellanos",
        date: "2026-11-20",
        hostImage: "/art/artist/maya-castellanos.svg",
        imageUrl: "/art/podcast/green-room-sessions.svg",
      });
      expect(featuredEpisode?.duration).toBeGreaterThan(0);
      expect(recentEpisodes).toHaveLength(10);
      expect(recentEpisodes[0]?.id).toBe(featuredEpisode?.id);
      const dates = recentEpisodes.map((episode) => episode.date);
      expect(dates).toEqual([...dates].sort().reverse());
      expect(podcasts).toHaveLength(8);
      expect(podcasts.map((podcast) => podcast.slug)).toContain("green-room-sessions");
      expect(podcasts[0]).toMatchObject({
        title: "The Green Room Sessions",
        isFeatured: true,
        episodeCount: 9,
      });
      for (const podcast of podcasts) {
        expect(podcast.rating).toBeGreaterThanOrEqual(3);
        expect(podcast.rating).toBeLessThanOrEqual(5);
        expect(podcast.categories.length).toBeGreaterThan(0);
        expect(podcast.latestEpisode?.description).not.toMatch(/<[a-z]/i);
        // The seed's shows are the club's own, published only here: on no platform.
        expect(podcast.externalUrl).toBeNull();
      }
      expect(new Set(podcasts.map((p) => p.platform))).toEqual(
        new Set(["Spotify", "Apple Podcasts", "Google Podcasts", "SoundCloud"]),
      );
      expect(podcasts.some((p) => p.isNew) && podcasts.some((p) => p.isTrending)).toBe(true);
    });

    it("minRating keeps podcasts rated at or above it, boundary included", async () => {
      const all = (await summary(t)).podcasts;
      for (const minRating of [1, 3.9, 4, 4.2, 4.8, 5]) {
        const { podcasts } = await summary(t, `?minRating=${minRating}`);
        expect(podcasts.map((p) => p.id).sort()).toEqual(
          all
            .filter((p) => p.rating >= minRating)
            .map((p) => p.id)
            .sort(),
        );
      }
      expect((await summary(t, "?minRating=4.2")).podcasts.some((p) => p.rating === 4.2)).toBe(true);
    });

    it("q matches title, host or description, case-insensitively, as a substring", async () => {
      expect((await summary(t, "?q=GREEN%20ROOM")).podcasts.map((p) => p.title)).toEqual([
        "The Green Room Sessions",
      ]);
      expect((await summary(t, "?q=castellanos")).podcasts.map((p) => p.host)).toEqual(["Maya Castellanos"]);
      const all = (await summary(t)).podcasts;
      const word = "royalt";
      expect((await summary(t, `?q=${word}`)).podcasts.map((p) => p.id)).toEqual(
        all
          .filter((p) => `${p.title}\n${p.host}\n${p.description}`.toLowerCase().includes(word))
          .map((p) => p.id),
      );
      // Wildcards are literal; a search never spans two fields.
      expect((await summary(t, "?q=%25")).podcasts).toEqual([]);
      expect((await summary(t, "?q=_")).podcasts).toEqual([]);
      expect((await summary(t, "?q=Sessions%20Maya")).podcasts).toEqual([]);
      expect((await summary(t, "?q=zzzz-no-such-podcast")).podcasts).toEqual([]);
    });

    it("q and minRating combine, boundary included", async () => {
      const all = (await summary(t)).podcasts;
      const word = "music";
      for (const minRating of [4, 4.2, 4.8]) {
        expect((await summary(t, `?q=${word}&minRating=${minRating}`)).podcasts.map((p) => p.id)).toEqual(
          all
            .filter((p) => `${p.title}\n${p.host}\n${p.description}`.toLowerCase().includes(word))
            .filter((p) => p.rating >= minRating)
            .map((p) => p.id),
        );
      }
      expect((await summary(t, `?q=${word}&minRating=4`)).podcasts.length).toBeGreaterThan(1);
    });

    it("category matches the categories list; filters combine", async () => {
      const interviews = (await summary(t, "?category=Interviews")).podcasts;
      expect(interviews.length).toBeGreaterThanOrEqual(2);
      for (const podcast of interviews) expect(podcast.categories).toContain("Interviews");
      expect((await summary(t, "?category=interviews&minRating=4.5")).podcasts.map((p) => p.title)).toEqual([
        "The Green Room Sessions",
      ]);
      expect((await summary(t, "?category=Polka")).podcasts).toEqual([]);
      // The summary parts do not depend on the filters.
      expect((await summary(t, "?category=Polka")).featuredEpisode).not.toBeNull();
    });

    it.each([
      ["?minRating=abc", /Minimum rating must be a number from 1 to 5/],
      ["?minRating=", /Minimum rating/],
      ["?minRating=0.9", /Minimum rating/],
      ["?minRating=5.1", /Minimum rating/],
      [`?q=${"x".repeat(101)}`, /Search text must be at most 100 characters/],
      [`?category=${"x".repeat(61)}`, /Category must be at most 60 characters/],
    ])("GET /api/podcasts%s → 400 naming the problem", async (query, message) => {
      const response = await t.app.inject({ url: `/api/podcasts${query}` });
      expect(response.statusCode).toBe(400);
      const body = response.json() as { error: string; issues?: Array<{ message: string }> };
      expect(body.error).toBe("Invalid request");
      expect(body.issues?.map((issue) => issue.message).join(" ")).toMatch(message);
    });

    it("GET /api/podcasts/categories lists the six categories with their podcast counts", async () => {
      const response = await t.app.inject({ url: "/api/podcasts/categories" });
      const { categories } = listPodcastCategories.responses[200].parse(response.json());
      expect(categories.map((c) => c.name)).toEqual([...PODCAST_CATEGORY_NAMES]);
      const podcasts = (await summary(t)).podcasts;
      for (const category of categories) {
        expect(category.podcastCount).toBe(
          podcasts.filter((p) => p.categories.includes(category.name)).length,
        );
      }
    });

    it("GET /api/real-podcasts lists every podcast and /featured the featured ones", async () => {
      const all = listRealPodcasts.responses[200].parse(
        (await t.app.inject({ url: "/api/real-podcasts" })).json(),
      );
      expect(all.podcasts).toHaveLength(8);
      const featured = listFeaturedRealPodcasts.responses[200].parse(
        (await t.app.inject({ url: "/api/real-podcasts/featured" })).json(),
      );
      expect(featured.podcasts.map((p) => p.title)).toEqual(["The Green Room Sessions"]);
    });

    it("caches a search under its case-blind text: the same answer and ETag, dropped on writes", async () => {
      const first = await t.app.inject({ url: "/api/podcasts?q=Jazz" });
      const again = await t.app.inject({ url: "/api/podcasts?q=jAZZ%20" });
      expect(first.statusCode).toBe(200);
      expect(again.headers.etag).toBe(first.headers.etag);
      expect(again.body).toBe(first.body);
      const other = await t.app.inject({ url: "/api/podcasts?q=jazz&category=Interviews" });
      expect(other.headers.etag).not.toBe(first.headers.etag);
    });

    it("turns a storm of different searches beyond its limit away with 503 and Retry-After, not a queue", async () => {
      const storm = await Promise.all(
        Array.from({ length: 3 * PODCAST_SEARCHES_AT_ONCE }, (_, index) =>
          t.app.inject({ url: `/api/podcasts?q=storm${index}` }),
        ),
      );
      const turnedAway = storm.filter((response) => response.statusCode === 503);
      expect(turnedAway.length).toBeGreaterThan(0);
      expect(storm.every((response) => [200, 503].includes(response.statusCode))).toBe(true);
      for (const response of turnedAway) {
        expect(response.headers["retry-after"]).toBe("1");
        expect(response.json()).toEqual({
          error: "The server is busy right now. Please try again in a moment.",
        });
      }
      // Room again once they are answered; cached views were never in the way.
      expect((await t.app.inject({ url: "/api/podcasts?q=storm-after" })).statusCode).toBe(200);
      expect((await t.app.inject({ url: "/api/podcasts" })).statusCode).toBe(200);
    });

    it("answers 304 to a repeated request with the ETag", async () => {
      const first = await t.app.inject({ url: "/api/podcasts?minRating=4" });
      const etag = first.headers.etag as string;
      expect(etag).toBeTruthy();
      const again = await t.app.inject({
        url: "/api/podcasts?minRating=4",
        headers: { "if-none-match": etag },
      });
      expect(again.statusCode).toBe(304);
    });
  });

  describe("with no podcasts", () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(() => t.close());

    it("every podcast endpoint answers empty, not an error", async () => {
      expect(await summary(t, "?minRating=4")).toEqual({
        featuredEpisode: null,
        recentEpisodes: [],
        podcasts: [],
      });
      expect((await t.app.inject({ url: "/api/podcasts/categories" })).json()).toEqual({ categories: [] });
      expect((await t.app.inject({ url: "/api/real-podcasts" })).json()).toEqual({ podcasts: [] });
      expect((await t.app.inject({ url: "/api/real-podcasts/featured" })).json()).toEqual({ podcasts: [] });
    });
  });
});
