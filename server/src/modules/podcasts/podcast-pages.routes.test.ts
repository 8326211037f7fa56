import { getEpisodePage, getShowPage, SHOW_EPISODES_PAGE_SIZE } from "@waveform/contracts/podcast-pages";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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
