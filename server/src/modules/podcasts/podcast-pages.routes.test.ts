import { getEpisodePage, getShowPage, SHOW_EPISODES_PAGE_SIZE } from "@waveform/contracts/podcast-pages";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { createTestApp, type TestApp } from "../../test/test-app";
import { testEngine } from "../../test/test-database";

const showPage = async (t: TestApp, url: string) => {
  const response = await t.app.inject({ url });
  expect(response.statusCode).toBe(200);
  return getShowPage.responses[200].parse(response.json());
};

describe(`show and episode page API on ${testEngine}`, () => {
  describe("with the seed podcasts", () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ seed: true });
    });
    afterAll(() => t.close());

    it("GET /api/podcasts/shows/:show gives the show, its episodes newest first and how to subscribe", async () => {
      const { show, episodes, nextOffset } = await showPage(t, "/api/podcasts/shows/green-room-sessions");
      expect(show).toMatchObject({
        slug: "green-room-sessions",
        title: "The Green Room Sessions",
        host: "Maya Castellanos",
        categories: ["Interviews"],
        publishFrequency: "Weekly",
        rating: 4.8,
        episodeCount: 9,
        subscribe: {
          ownFeed: true,
          feedUrl: "/podcasts/green-room-sessions/feed.xml",
          websiteUrl: null,
        },
      });
      // A club show is on no platform: no 'Listen on' search for its title.
      expect(show.subscribe.platformUrl).toBeNull();
      expect(episodes).toHaveLength(9);
      const dates = episodes.map((episode) => episode.date);
      expect(dates).toEqual([...dates].sort().reverse());
      expect(episodes[0]).toMatchObject({ podcastSlug: "green-room-sessions", date: "2026-11-20" });
      expect(nextOffset).toBeNull();
    });

    it("pages by offset, and an offset past the end is an empty page", async () => {
      const rest = await showPage(t, "/api/podcasts/shows/green-room-sessions?offset=5");
      expect(rest.episodes).toHaveLength(4);
      expect(rest.nextOffset).toBeNull();
      const past = await showPage(t, "/api/podcasts/shows/green-room-sessions?offset=500");
      expect(past.episodes).toEqual([]);
      expect(SHOW_EPISODES_PAGE_SIZE).toBe(20);
    });

    it("GET …/episodes/:episode gives the episode, its show notes as text and links, and its neighbours", async () => {
      const { episodes } = await showPage(t, "/api/podcasts/shows/green-room-sessions");
      const [newest, second, third] = episodes;
      const response = await t.app.inject({
        url: `/api/podcasts/shows/green-room-sessions/episodes/${second?.id}`,
      });
      expect(response.statusCode).toBe(200);
      const page = getEpisodePage.responses[200].parse(response.json());
      expect(page.show).toMatchObject({ slug: "green-room-sessions", title: "The Green Room Sessions" });
      expect(page.episode).toMatchObject({ id: second?.id, title: second?.title });
      expect(page.next).toMatchObject({ id: newest?.id, title: newest?.title });
      expect(page.previous).toMatchObject({ id: third?.id, title: third?.title });
      expect(page.showNotes.length).toBeGreaterThan(0);

      // The newest episode's notes end with a link (content:encoded in the seed feed), kept as one.
      const newestPage = await t.app.inject({
        url: `/api/podcasts/shows/green-room-sessions/episodes/${newest?.id}`,
      });
      const links = getEpisodePage.responses[200]
        .parse(newestPage.json())
        .showNotes.flat()
        .filter((run) => "url" in run);
      expect(links).toEqual([
        {
          text: "Arthur Russell on Wikipedia",
          url: "https://en.wikipedia.org/wiki/Arthur_Russell_(musician)",
        },
      ]);

      const first = await t.app.inject({
        url: `/api/podcasts/shows/green-room-sessions/episodes/${newest?.id}`,
      });
      expect(getEpisodePage.responses[200].parse(first.json()).next).toBeNull();
    });

    it("gives a club episode's chapters and transcript from its committed files, and none for an episode without", async () => {
      const { episodes: shown } = await showPage(t, "/api/podcasts/shows/bedroom-to-master");
      const ep57 = shown.find((episode) => episode.audioUrl?.includes("/ep57-"));
      if (!ep57) throw new Error("the seed has no Bedroom to Master episode 57");
      const url = `/api/podcasts/shows/bedroom-to-master/episodes/${ep57.id}`;
      const page = getEpisodePage.responses[200].parse((await t.app.inject({ url })).json());
      // server/media/podcasts/bedroom-to-master/ep57-65dba5878f.chapters.json and ep57-2e33260435.vtt
      expect(page.chapters).toEqual([
        { startTime: 0, title: "Intro" },
        { startTime: 3.548, title: "Episode 57: Mastering at Home: What Loudness Targets Mean" },
        { startTime: 11.042, title: "About this episode" },
        { startTime: 18.665, title: "Sign-off" },
      ]);
      // The player fetches the same file when the episode plays: the API links it on the episode.
      expect(ep57.chaptersUrl).toBe("/media/podcasts/bedroom-to-master/ep57-65dba5878f.chapters.json");
      expect(page.episode.chaptersUrl).toBe(ep57.chaptersUrl);
      expect(page.transcript).toHaveLength(5);
      expect(page.transcript[0]).toEqual({ start: 2, end: 3.048, text: "Bedroom to Master." });
      expect(page.transcript[4]).toEqual({
        start: 18.665,
        end: 23.028,
        text: "Thanks for listening to Bedroom to Master, from Waveform Music Club.",
      });

      // An episode whose feed links no files of the club's (or links someone else's) has neither.
      const [other] = shown.filter((episode) => episode.id !== ep57.id);
      if (!other) throw new Error("the seed show has one episode");
      await t.app.db
        .update(schema.episodes)
        .set({
          chaptersUrl: "https://example.com/chapters.json",
          transcripts: [{ url: "https://example.com/t.vtt", type: "text/vtt" }],
        })
        .where(eq(schema.episodes.id, other.id));
      t.app.catalogueCache.clear();
      const bare = await t.app.inject({ url: `/api/podcasts/shows/bedroom-to-master/episodes/${other.id}` });
      expect(bare.statusCode).toBe(200);
      expect(getEpisodePage.responses[200].parse(bare.json())).toMatchObject({
        episode: { chaptersUrl: null },
        chapters: [],
        transcript: [],
      });
    });

    it("answers 404 for an unknown show, an unknown episode, or another show's episode", async () => {
      const { episodes } = await showPage(t, "/api/podcasts/shows/cue-sheet");
      for (const url of [
        "/api/podcasts/shows/no-such-show",
        "/api/podcasts/shows/no-such-show/episodes/1",
        "/api/podcasts/shows/green-room-sessions/episodes/999999",
        `/api/podcasts/shows/green-room-sessions/episodes/${episodes[0]?.id}`,
        "/api/podcasts/shows/green-room-sessions/episodes/abc",
      ]) {
        const response = await t.app.inject({ url });
        expect(response.statusCode, url).toBe(404);
        expect(response.json()).toHaveProperty("error");
      }
    });

    it("answers 400 with a field message for a bad offset", async () => {
      for (const offset of ["-1", "1.5", "x"]) {
        const response = await t.app.inject({
          url: `/api/podcasts/shows/green-room-sessions?offset=${offset}`,
        });
        expect(response.statusCode, offset).toBe(400);
        expect(JSON.stringify(response.json())).toContain("Offset must be a whole number from 0");
      }
    });
  });

  describe("with no podcasts", () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(() => t.close());

    it("answers 404 for any show", async () => {
      const response = await t.app.inject({ url: "/api/podcasts/shows/green-room-sessions" });
      expect(response.statusCode).toBe(404);
    });
  });
});
