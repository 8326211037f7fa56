import { getEpisodeChapters, getEpisodePage, getShowPage } from "@waveform/contracts/podcast-pages";
import { listPodcasts } from "@waveform/contracts/podcasts";
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
// The player's own reader of a chapters file: what it makes of the answer is what it shows.
import { chaptersOf as playerReads } from "../../../../client/src/features/player/chapters";
import { episodes, episodeTimedText, podcasts } from "../../db/schema";
import { createTestApp, type TestApp } from "../../test/test-app";
import { testEngine } from "../../test/test-database";
import { EPISODE_CHAPTERS_MAX_AGE_S } from "./podcast-chapters.routes";

const SHOW = "green-room-sessions";
const CHAPTERS = [
  { startTime: 0, title: "Intro" },
  { startTime: 95.5, title: "Donation segment" },
];
const chaptersPath = (id: number) => `/api/podcasts/episodes/${id}/chapters`;

/**
 * A seed show turned into one read from the web, whose episodes the feed refresh read chapters for:
 * `stored` (its latest) has them from the address its feed links; `unread` links chapters not read
 * yet; `moved` has chapters read from an address its feed no longer links; `dropped` links none
 * now; `failed` was read and failed.
 */
describe(`a web episode's stored chapters on ${testEngine}`, () => {
  let t: TestApp;
  const ids = { stored: 0, unread: 0, moved: 0, dropped: 0, failed: 0, own: 0 };

  beforeAll(async () => {
    t = await createTestApp({ seed: true });
    const { db } = t.database;
    const [show] = await db
      .update(podcasts)
      .set({ feedUrl: "https://feeds.waveform.test/green-room-sessions.xml" })
      .where(eq(podcasts.slug, SHOW))
      .returning({ id: podcasts.id, latestEpisodeId: podcasts.latestEpisodeId });
    if (!show?.latestEpisodeId) throw new Error("the seed show has no latest episode");
    const others = await db
      .select({ id: episodes.id })
      .from(episodes)
      .where(eq(episodes.podcastId, show.id))
      .orderBy(desc(episodes.publishedAt));
    const [unread, moved, dropped, failed] = others.filter((row) => row.id !== show.latestEpisodeId);
    if (!unread || !moved || !dropped || !failed) throw new Error("the seed show has too few episodes");
    Object.assign(ids, {
      stored: show.latestEpisodeId,
      unread: unread.id,
      moved: moved.id,
      dropped: dropped.id,
      failed: failed.id,
    });
    // A web show's episodes link chapters on the web (or none), never the club's files.
    await db.update(episodes).set({ chaptersUrl: null }).where(eq(episodes.podcastId, show.id));
    const link = (id: number) => `https://cdn.waveform.test/${id}.chapters.json`;
    for (const id of [ids.stored, ids.unread, ids.moved, ids.failed])
      await db
        .update(episodes)
        .set({ chaptersUrl: link(id) })
        .where(eq(episodes.id, id));
    await db.update(episodes).set({ chaptersUrl: null }).where(eq(episodes.id, ids.dropped));
    const row = (episodeId: number, sourceUrl: string, content: typeof CHAPTERS | null) => ({
      episodeId,
      kind: "chapters" as const,
      sourceUrl,
      content,
      error: content ? null : "The chapters file is not JSON.",
    });
    await db
      .insert(episodeTimedText)
      .values([
        row(ids.stored, link(ids.stored), CHAPTERS),
        row(ids.moved, "https://cdn.waveform.test/old.chapters.json", CHAPTERS),
        row(ids.dropped, link(ids.dropped), CHAPTERS),
        row(ids.failed, link(ids.failed), null),
      ]);
    const [own] = await db
      .select({ id: episodes.id })
      .from(episodes)
      .innerJoin(podcasts, eq(podcasts.id, episodes.podcastId))
      .where(eq(podcasts.slug, "cue-sheet"))
      .limit(1);
    ids.own = own?.id ?? 0;
    t.app.catalogueCache.clear();
  });
  afterAll(() => t.close());

  it("serves them as a JSON chapters file the player reads, with an ETag and a cache lifetime", async () => {
    const response = await t.app.inject({ url: chaptersPath(ids.stored) });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers["content-type"]).toBe("application/json+chapters; charset=utf-8");
    expect(response.headers["cache-control"]).toBe(
      `public, max-age=${EPISODE_CHAPTERS_MAX_AGE_S}, must-revalidate`,
    );
    expect(getEpisodeChapters.responses[200].parse(response.json())).toEqual({
      version: "1.2.0",
      chapters: CHAPTERS,
    });
    expect(playerReads(response.json())).toEqual(CHAPTERS);
    const again = await t.app.inject({
      url: chaptersPath(ids.stored),
      headers: { "if-none-match": String(response.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it("answers 404 for an unknown episode, one without stored chapters, or whose feed no longer links them", async () => {
    const cases = {
      unknown: 987_654,
      unread: ids.unread,
      moved: ids.moved,
      dropped: ids.dropped,
      failed: ids.failed,
      own: ids.own,
    };
    for (const [what, id] of Object.entries(cases)) {
      const response = await t.app.inject({ url: chaptersPath(id) });
      expect(response.statusCode, `${what} (${id}): ${response.body}`).toBe(404);
    }
  });

  it("answers 400 for an address that is not an episode's id", async () => {
    for (const episode of ["abc", "0", "-1", "1.5", "1e3"]) {
      const response = await t.app.inject({ url: `/api/podcasts/episodes/${episode}/chapters` });
      expect(response.statusCode, episode).toBe(400);
    }
  });

  it("answers 404 for an id beyond the id column's range, without asking the database", async () => {
    for (const episode of ["2147483648", "999999999999991", "1234567890123456"]) {
      const response = await t.app.inject({ url: `/api/podcasts/episodes/${episode}/chapters` });
      expect(response.statusCode, episode).toBe(404);
    }
  });

  it("links them as the episode's chaptersUrl in every answer that has one, only while they count", async () => {
    const expected = (id: number) => (id === ids.stored ? chaptersPath(id) : null);
    for (const id of [ids.stored, ids.unread, ids.moved, ids.dropped, ids.failed]) {
      const response = await t.app.inject({ url: `/api/podcasts/shows/${SHOW}/episodes/${id}` });
      const page = getEpisodePage.responses[200].parse(response.json());
      expect(page.episode.chaptersUrl, `episode page of ${id}`).toBe(expected(id));
      expect(page.chapters.length > 0, `chapters on the page of ${id}`).toBe(id === ids.stored);
    }
    const show = getShowPage.responses[200].parse(
      (await t.app.inject({ url: `/api/podcasts/shows/${SHOW}` })).json(),
    );
    for (const episode of show.episodes)
      expect(episode.chaptersUrl, `show page's ${episode.id}`).toBe(expected(episode.id));
    const listing = listPodcasts.responses[200].parse(
      (await t.app.inject({ url: "/api/podcasts?q=green%20room" })).json(),
    );
    const podcast = listing.podcasts.find((candidate) => candidate.slug === SHOW);
    expect(podcast?.latestEpisode?.chaptersUrl).toBe(chaptersPath(ids.stored));
    // The club's own episodes keep their committed files.
    expect(
      listing.recentEpisodes.some((episode) => episode.chaptersUrl?.startsWith("/media/podcasts/")),
    ).toBe(true);
  });
});
