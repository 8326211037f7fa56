import { MAX_GENRE_TRACKS } from "@waveform/contracts/spotify";
import { and, asc, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  genres,
  insightCounts,
  playlists,
  playlistTracks,
  rateLimitHits,
  spotifyLookups,
} from "../../db/schema";
import { fromSite } from "../../test/same-origin";
import {
  connectVisitor,
  createPlaylistAs,
  fakeUriOf,
  leakedTokens,
  type SpotifyTestBed,
  startSpotifyTestBed,
} from "../../test/spotify-visitor";
import { testEngine } from "../../test/test-database";

const key = (t: { title: string; artist: string }) => `${t.title}|${t.artist}`;

describe(`Saving playlists to Spotify on ${testEngine}`, () => {
  let bed: SpotifyTestBed;
  let cookie: string | undefined;
  let unknown: Set<string>;
  const tracksOf = (playlistId: number) =>
    bed.t.database.db
      .select({ title: playlistTracks.title, artist: playlistTracks.artist })
      .from(playlistTracks)
      .where(eq(playlistTracks.playlistId, playlistId))
      .orderBy(asc(playlistTracks.position));
  const fakePlaylist = (id: string) => bed.fake.state.playlists.get(id);

  beforeAll(async () => {
    bed = await startSpotifyTestBed({ seed: true });
    cookie = (await connectVisitor(bed)).cookie;
    unknown = new Set(bed.fake.state.unknownTracks.map(key));
  });
  beforeEach(async () => {
    bed.fake.state.failures = [];
    bed.fake.state.requests = [];
    // Each test has the visitor's whole search budget (spotify-search-budget.routes.test.ts tests it).
    await bed.t.database.db.delete(rateLimitHits).where(like(rateLimitHits.key, "spotify-search|%"));
  });
  afterAll(() => bed.close());

  it("saves a curated playlist: found tracks added in order, the others listed as not found", async () => {
    const rows = await bed.t.database.db
      .select({ id: playlists.id })
      .from(playlists)
      .orderBy(asc(playlists.id));
    let chosen: { id: number; tracks: { title: string; artist: string }[] } | undefined;
    for (const row of rows) {
      const tracks = await tracksOf(row.id);
      if (tracks.some((t) => unknown.has(key(t)))) chosen = { id: row.id, tracks };
      if (chosen) break;
    }
    if (!chosen) throw new Error("the seed has no playlist with a track the fake does not know");
    const response = await createPlaylistAs(bed, cookie, {
      name: "  Late Night Circuits  ",
      description: "From Waveform",
      public: false,
      source: { kind: "playlist", playlistId: chosen.id },
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    const expectedMissing = chosen.tracks.filter((t) => unknown.has(key(t)));
    const expectedFound = chosen.tracks.filter((t) => !unknown.has(key(t)));
    expect(body).toEqual({
      id: expect.any(String),
      name: "Late Night Circuits",
      url: `https://open.spotify.com/playlist/${body.id}`,
      tracksAdded: expectedFound.length,
      notFound: expectedMissing,
    });
    const saved = fakePlaylist(body.id);
    expect(saved).toMatchObject({ name: "Late Night Circuits", description: "From Waveform", public: false });
    expect(saved?.items).toEqual(expectedFound.map((t) => fakeUriOf(t.title, t.artist)));
    // Searches use Spotify's field filters and stay within its limit of 10.
    const searches = bed.fake.state.requests.filter((r) => r.path === "/v1/search");
    expect(searches.length).toBeGreaterThanOrEqual(chosen.tracks.length);
    expect(searches.every((s) => Number(s.query.limit) <= 10 && s.query.type === "track")).toBe(true);
    expect(searches[0]?.query.q).toMatch(/^track:".+" artist:".+"$/);
  });

  it("finds a track listed under another title with the plain-text fallback", async () => {
    const remaster = bed.fake.state.tracks.find((t) => t.name.endsWith(" - 2011 Remaster"));
    if (!remaster) throw new Error("the fake has no remaster entry");
    const title = remaster.name.replace(" - 2011 Remaster", "");
    // As if never looked up: an earlier save may have kept what its search found (on the curated
    // rows of that song too).
    await bed.t.database.db.delete(spotifyLookups).where(eq(spotifyLookups.title, title));
    await bed.t.database.db
      .update(playlistTracks)
      .set({ spotifyUri: null })
      .where(eq(playlistTracks.title, title));
    const response = await createPlaylistAs(bed, cookie, {
      name: "Fallback",
      public: true,
      source: { kind: "tracks", tracks: [{ title, artist: remaster.artist }] },
    });
    expect(response.json()).toMatchObject({ tracksAdded: 1, notFound: [] });
    expect(fakePlaylist(response.json().id)?.items).toEqual([`spotify:track:${remaster.id}`]);
    expect(bed.fake.state.requests.filter((r) => r.path === "/v1/search")).toHaveLength(2);
  });

  it("saves a genre's curated tracks (by name in any case, or slug), each song once", async () => {
    const rows = await bed.t.database.db
      .select({ title: playlistTracks.title, artist: playlistTracks.artist })
      .from(playlistTracks)
      .innerJoin(playlists, eq(playlists.id, playlistTracks.playlistId))
      .innerJoin(genres, eq(genres.id, playlists.genreId))
      .where(eq(genres.slug, "hip-hop"));
    const distinct = [...new Map(rows.map((t) => [key(t), t])).values()];
    for (const genre of ["Hip Hop", "HIP HOP", "hip-hop"]) {
      const response = await createPlaylistAs(bed, cookie, {
        name: "Hip hop mix",
        public: true,
        source: { kind: "genre", genre },
      });
      expect(response.statusCode).toBe(201);
      const body = response.json();
      const items = fakePlaylist(body.id)?.items ?? [];
      expect(new Set(items)).toEqual(
        new Set(distinct.filter((t) => !unknown.has(key(t))).map((t) => fakeUriOf(t.title, t.artist))),
      );
      expect(items).toHaveLength(body.tracksAdded);
      expect(new Set(body.notFound.map(key))).toEqual(
        new Set(distinct.filter((t) => unknown.has(key(t))).map(key)),
      );
    }
  });

  it(`takes at most ${MAX_GENRE_TRACKS} tracks from a genre`, async () => {
    const [jazz] = await bed.t.database.db.select().from(genres).where(eq(genres.slug, "jazz"));
    if (!jazz) throw new Error("no jazz genre seeded");
    const seeded = await bed.t.database.db
      .selectDistinct({ title: playlistTracks.title, artist: playlistTracks.artist })
      .from(playlistTracks)
      .innerJoin(playlists, eq(playlists.id, playlistTracks.playlistId))
      .where(eq(playlists.genreId, jazz.id));
    const [extra] = await bed.t.database.db
      .insert(playlists)
      .values({
        slug: "jazz-long-test",
        title: "A very long jazz list",
        description: "test",
        genreId: jazz.id,
        platform: "Spotify",
        curator: "Test",
        externalUrl: "https://open.spotify.com/search/jazz",
        publishedOn: "2026-01-01",
        updatedOn: "2026-01-01",
        sortOrder: 999,
      })
      .returning({ id: playlists.id });
    await bed.t.database.db.insert(playlistTracks).values(
      Array.from({ length: 120 }, (_, i) => ({
        playlistId: extra?.id ?? 0,
        position: i + 1,
        title: `Standard ${i}`,
        artist: `Quartet ${i}`,
        durationSeconds: 200,
      })),
    );
    const response = await createPlaylistAs(bed, cookie, {
      name: "Jazz",
      public: true,
      source: { kind: "genre", genre: "jazz" },
    });
    const body = response.json();
    expect(body.tracksAdded + body.notFound.length).toBe(MAX_GENRE_TRACKS);
    // The seeded playlists come first (site order), then the new one until the cap.
    const last = MAX_GENRE_TRACKS - seeded.length - 1;
    expect(body.notFound.at(-1)).toEqual({ title: `Standard ${last}`, artist: `Quartet ${last}` });
  });

  it("uses a stored Spotify URI instead of searching", async () => {
    const [first] = await bed.t.database.db
      .select()
      .from(playlistTracks)
      .orderBy(asc(playlistTracks.playlistId), asc(playlistTracks.position))
      .limit(1);
    if (!first) throw new Error("no tracks seeded");
    const stored = `spotify:track:${"S".repeat(22)}`;
    await bed.t.database.db
      .update(playlistTracks)
      .set({ spotifyUri: stored })
      .where(
        and(eq(playlistTracks.playlistId, first.playlistId), eq(playlistTracks.position, first.position)),
      );
    const response = await createPlaylistAs(bed, cookie, {
      name: "Stored",
      public: true,
      source: { kind: "playlist", playlistId: first.playlistId },
    });
    expect(fakePlaylist(response.json().id)?.items[0]).toBe(stored);
    const queries = bed.fake.state.requests
      .filter((r) => r.path === "/v1/search")
      .map((r) => r.query.q ?? "");
    expect(queries.some((q) => q.includes(first.title))).toBe(false);
  });

  it("adds more than 100 tracks in batches of 100, in order", async () => {
    const known = bed.fake.state.tracks.filter((t) => !t.name.includes("Remaster"));
    const tracks = Array.from({ length: 250 }, (_, i) => {
      const track = known[i % known.length] ?? known[0];
      if (!track) throw new Error("empty catalogue");
      return i % 2 === 0
        ? { title: track.name, artist: track.artist, spotifyUri: `spotify:track:${track.id}` }
        : { title: track.name, artist: track.artist };
    });
    const response = await createPlaylistAs(bed, cookie, {
      name: "Big one",
      public: true,
      source: { kind: "tracks", tracks },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ tracksAdded: 250, notFound: [] });
    const adds = bed.fake.state.requests.filter((r) => r.path.endsWith("/items"));
    expect(adds).toHaveLength(3);
    expect(fakePlaylist(response.json().id)?.items).toEqual(
      tracks.map((_, i) => `spotify:track:${known[i % known.length]?.id}`),
    );
  });

  it("counts a save to Spotify in the club's insights: a browser's, not a bot's (issue 33)", async () => {
    const [playlist] = await bed.t.database.db.select({ id: playlists.id }).from(playlists).limit(1);
    const body = { name: "Counted", public: false, source: { kind: "playlist", playlistId: playlist?.id } };
    const browser =
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
    const saved = await bed.request({
      method: "POST",
      url: "/api/spotify/playlists",
      headers: fromSite({ cookie, "user-agent": browser }),
      payload: body,
    });
    expect(saved.statusCode).toBe(201);
    // light-my-request's own User-Agent is a bot's: not counted.
    expect((await createPlaylistAs(bed, cookie, body)).statusCode).toBe(201);
    await bed.t.app.insights.flush();
    const counted = await bed.t.database.db
      .select({ item: insightCounts.item, count: insightCounts.count })
      .from(insightCounts)
      .where(eq(insightCounts.metric, "spotify-save"));
    expect(counted).toEqual([{ item: `playlist:${playlist?.id}`, count: 1 }]);
  });

  it("never shows a token in any answer", () => {
    expect(leakedTokens(bed)).toEqual([]);
  });
});
