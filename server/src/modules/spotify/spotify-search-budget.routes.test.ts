import { randomBytes } from "node:crypto";
import { and, eq, like, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { playlists, playlistTracks, rateLimitHits, spotifyLookups } from "../../db/schema";
import { fromSite } from "../../test/same-origin";
import {
  connectVisitor,
  createPlaylistAs,
  fakeUriOf,
  type SpotifyTestBed,
  startSpotifyTestBed,
} from "../../test/spotify-visitor";
import { createTestApp, type TestApp } from "../../test/test-app";
import { testEngine } from "../../test/test-database";

/** A small budget, so a 500-track list runs out of it. */
const BUDGET = 40;
const uri = (letter: string) => `spotify:track:${letter.repeat(22)}`;

describe(`Spotify searches for a visitor's playlist on ${testEngine}`, () => {
  let bed: SpotifyTestBed;
  let cookie: string | undefined;
  const secret = randomBytes(32).toString("base64url");
  const searches = () => bed.fake.state.requests.filter((request) => request.path === "/v1/search");
  const known = () => bed.fake.state.tracks.filter((track) => !track.name.includes("Remaster"));

  beforeAll(async () => {
    bed = await startSpotifyTestBed({
      seed: true,
      env: { SPOTIFY_SEARCH_BUDGET: String(BUDGET), SESSION_SECRET: secret },
    });
    cookie = (await connectVisitor(bed)).cookie;
  });
  beforeEach(async () => {
    bed.fake.state.requests = [];
    // Each test starts with the whole budget (the counter is the visitor's row).
    await bed.t.database.db.delete(rateLimitHits).where(like(rateLimitHits.key, "spotify-search|%"));
  });
  afterAll(() => bed.close());

  it("uses the lookups the background resolver stored, and the ids on curated rows: no search", async () => {
    const [found, missing, onRow] = known();
    if (!found || !missing || !onRow) throw new Error("the fake catalogue is too small");
    await bed.t.database.db.insert(spotifyLookups).values([
      { kind: "track", title: found.name, artist: found.artist, uri: uri("A") },
      // Not found two days ago: not asked again for a week (as the resolver does).
      {
        kind: "track",
        title: missing.name,
        artist: missing.artist,
        uri: null,
        lookedUpAt: sql`now() - interval '2 days'`,
      },
    ]);
    const [playlist] = await bed.t.database.db.select({ id: playlists.id }).from(playlists).limit(1);
    await bed.t.database.db.insert(playlistTracks).values({
      playlistId: playlist?.id ?? 0,
      position: 999,
      title: onRow.name,
      artist: onRow.artist,
      durationSeconds: 200,
      spotifyUri: uri("B"),
    });
    const response = await createPlaylistAs(bed, cookie, {
      name: "Known ones",
      public: false,
      source: {
        kind: "tracks",
        tracks: [found, missing, onRow].map((track) => ({ title: track.name, artist: track.artist })),
      },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      tracksAdded: 2,
      notFound: [{ title: missing.name, artist: missing.artist }],
    });
    expect(bed.fake.state.playlists.get(response.json().id)?.items).toEqual([uri("A"), uri("B")]);
    expect(searches()).toHaveLength(0);
  });

  it("keeps what the visitor's searches found, as the resolver does: the same list again searches nothing", async () => {
    const tracks = known()
      .slice(10, 14)
      .map((track) => ({ title: track.name, artist: track.artist }));
    const unknown = { title: "A Song Nobody Wrote", artist: "The Unheard" };
    const first = await createPlaylistAs(bed, cookie, {
      name: "First",
      public: false,
      source: { kind: "tracks", tracks: [...tracks, unknown] },
    });
    expect(first.json()).toMatchObject({ tracksAdded: 4, notFound: [unknown] });
    expect(searches().length).toBeGreaterThan(0);
    const stored = await bed.t.database.db
      .select({ title: spotifyLookups.title, uri: spotifyLookups.uri })
      .from(spotifyLookups)
      .where(eq(spotifyLookups.kind, "track"));
    for (const track of tracks)
      expect(stored).toContainEqual({ title: track.title, uri: fakeUriOf(track.title, track.artist) });
    expect(stored).toContainEqual({ title: unknown.title, uri: null });

    bed.fake.state.requests = [];
    const again = await createPlaylistAs(bed, cookie, {
      name: "Again",
      public: false,
      source: { kind: "tracks", tracks: [...tracks, unknown] },
    });
    expect(again.json()).toMatchObject({ tracksAdded: 4, notFound: [unknown] });
    expect(searches()).toHaveLength(0);
  });

  it(`makes at most ${BUDGET} searches for 500 tracks, saves what it found and says how many it could not look up`, async () => {
    const tracks = Array.from({ length: 500 }, (_, i) => ({
      title: `Unheard Song ${i}`,
      artist: `Nobody ${i}`,
    }));
    const response = await createPlaylistAs(bed, cookie, {
      name: "Five hundred",
      public: false,
      source: {
        kind: "tracks",
        // Ten the fake knows first, then 490 it does not (two searches each).
        tracks: [
          ...known()
            .slice(20, 30)
            .map((track) => ({ title: track.name, artist: track.artist })),
          ...tracks.slice(10),
        ],
      },
    });
    expect(searches().length).toBeLessThanOrEqual(BUDGET);
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.tracksAdded).toBe(10);
    expect(body.notSearched).toBeGreaterThan(400);
    expect(body.tracksAdded + body.notFound.length + body.notSearched).toBe(500);
    // What it could not look up is not stored as "not found".
    const [stored] = await bed.t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(spotifyLookups)
      .where(like(spotifyLookups.title, "Unheard Song %"));
    expect(stored?.n).toBe(body.notFound.length);
  });

  it("answers 429 with a sentence and Retry-After when the budget is spent before anything is found", async () => {
    await createPlaylistAs(bed, cookie, {
      name: "Spend it",
      public: false,
      source: {
        kind: "tracks",
        tracks: Array.from({ length: 40 }, (_, i) => ({ title: `Spent ${i}`, artist: `Nobody ${i}` })),
      },
    });
    bed.fake.state.requests = [];
    const response = await createPlaylistAs(bed, cookie, {
      name: "Nothing left",
      public: false,
      source: { kind: "tracks", tracks: [{ title: "One More", artist: "Somebody New" }] },
    });
    expect(response.statusCode).toBe(429);
    expect(response.json()).toEqual({
      error: expect.stringMatching(/^Too many Spotify searches from you .*try again in \d+ minutes?\.$/),
    });
    expect(Number(response.headers["retry-after"])).toBeGreaterThan(0);
    expect(searches()).toHaveLength(0);
  });

  describe("with two servers on one database", () => {
    let second: TestApp;
    beforeAll(async () => {
      second = await createTestApp({
        database: bed.t.database,
        env: { ...bed.fake.env(), SPOTIFY_SEARCH_BUDGET: String(BUDGET), SESSION_SECRET: secret },
      });
    });
    afterAll(() => second.app.close());

    it("shares the budget: what one server spent, the other does not search again", async () => {
      const tracks = Array.from({ length: 30 }, (_, i) => ({ title: `Shared ${i}`, artist: `Nobody ${i}` }));
      await createPlaylistAs(bed, cookie, { name: "One", public: false, source: { kind: "tracks", tracks } });
      const spentOnFirst = searches().length;
      expect(spentOnFirst).toBeGreaterThan(0);
      bed.fake.state.requests = [];
      const other = await second.app.inject({
        method: "POST",
        url: "/api/spotify/playlists",
        headers: fromSite(cookie ? { cookie } : {}),
        payload: {
          name: "Two",
          public: false,
          source: {
            kind: "tracks",
            tracks: Array.from({ length: 30 }, (_, i) => ({ title: `Other ${i}`, artist: `Nobody ${i}` })),
          },
        },
      });
      expect([201, 422, 429]).toContain(other.statusCode);
      expect(spentOnFirst + searches().length).toBeLessThanOrEqual(BUDGET);
      const rows = await bed.t.database.db
        .select()
        .from(rateLimitHits)
        .where(and(like(rateLimitHits.key, "spotify-search|%")));
      expect(rows).toHaveLength(1);
    });
  });
});
