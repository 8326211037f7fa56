import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import { playlistTracks, releases, spotifyLookups } from "../../db/schema";
import { fakeSpotifyId } from "../../test/fake-spotify/fake-catalogue";
import type { FakeSpotify } from "../../test/fake-spotify/fake-spotify";
import {
  connectVisitor,
  createPlaylistAs,
  fakeUriOf,
  type SpotifyTestBed,
  startSpotifyTestBed,
} from "../../test/spotify-visitor";
import { testEngine } from "../../test/test-database";
import { resolverFor as resolverWith } from "./id-resolver.testing";

const SECRET = "fake-app-secret";

const resolverFor = (fake: FakeSpotify, db: Database, options: { onChange?: () => void } = {}) =>
  resolverWith(fake, db, { secret: SECRET, ...options });
const searches = (fake: FakeSpotify) => fake.state.requests.filter((r) => r.path === "/v1/search");

describe(`The background Spotify id resolver on ${testEngine}`, () => {
  let bed: SpotifyTestBed;
  let db: Database;

  beforeAll(async () => {
    bed = await startSpotifyTestBed({ seed: true, fake: { clientSecret: SECRET } });
    db = bed.t.database.db;
  });
  beforeEach(() => {
    bed.fake.state.failures = [];
    bed.fake.state.requests = [];
    bed.fake.state.tokenGrants = [];
  });
  afterAll(() => bed.close());

  it("resolves track and album ids with the app's token, stores them, and the site's answers use them", async () => {
    let changes = 0;
    const { resolver } = resolverFor(bed.fake, db, { onChange: () => (changes += 1) });
    const outcome = await resolver.runOnce();
    expect(outcome).toMatchObject({ ran: true, fromCache: 0, pausedSeconds: 0 });
    if (!outcome.ran) return;
    const unknownSongs = bed.fake.state.unknownTracks.length + bed.fake.state.unknownAlbums.length;
    expect(outcome.notFound).toBe(unknownSongs);
    expect(outcome.found).toBeGreaterThan(100);
    expect(changes).toBe(1);

    // One client-credentials token (Basic auth) served every search; every search asked ≤ 10.
    expect(bed.fake.state.tokenGrants).toEqual([{ grantType: "client_credentials", clientAuth: "basic" }]);
    expect(searches(bed.fake).length).toBeGreaterThan(outcome.found);
    for (const request of searches(bed.fake)) {
      expect(Number(request.query.limit)).toBeLessThanOrEqual(10);
      expect(["track", "album"]).toContain(request.query.type);
    }

    // Every playlist row: the fake's id for its song, null for a song the fake does not know. Songs the
    // fake lists only as a remaster are among them (found by the second, plain-text search).
    const unknownTracks = new Set(bed.fake.state.unknownTracks.map((u) => `${u.title}|${u.artist}`));
    const remasters = new Set(
      bed.fake.state.tracks.filter((t) => t.name.endsWith(" - 2011 Remaster")).map((t) => t.id),
    );
    const rows = await db.select().from(playlistTracks);
    for (const row of rows) {
      const known = !unknownTracks.has(`${row.title}|${row.artist}`);
      expect(row.spotifyUri).toBe(known ? fakeUriOf(row.title, row.artist) : null);
    }
    expect(rows.some((row) => remasters.has(row.spotifyUri?.slice("spotify:track:".length) ?? ""))).toBe(
      true,
    );

    // Not-found songs keep a null uri, and their look-up is remembered.
    const [missing] = bed.fake.state.unknownTracks;
    if (!missing) throw new Error("the fake catalogue changed");
    const [lookup] = await db
      .select()
      .from(spotifyLookups)
      .where(and(eq(spotifyLookups.kind, "track"), eq(spotifyLookups.title, missing.title)));
    expect(lookup).toMatchObject({ artist: missing.artist, uri: null });

    // Albums: found ones carry the album uri (also a deluxe edition), the others stay null.
    const albumRows = await db.select().from(releases).orderBy(asc(releases.id));
    const unknownAlbums = new Set(bed.fake.state.unknownAlbums.map((a) => a.title));
    for (const row of albumRows) {
      expect(row.spotifyUri).toBe(
        unknownAlbums.has(row.title)
          ? null
          : `spotify:album:${fakeSpotifyId(`album|${row.title}|${row.artist}`)}`,
      );
    }

    // What the site answers: the playlist's tracks and the releases carry the ids found.
    const playlist = await bed.request("/api/playlists/1");
    const tracks = (
      playlist.json() as { tracks: { title: string; artist: string; spotifyUri: string | null }[] }
    ).tracks;
    for (const track of tracks) {
      const known = !bed.fake.state.unknownTracks.some(
        (u) => u.title === track.title && u.artist === track.artist,
      );
      expect(track.spotifyUri).toBe(known ? fakeUriOf(track.title, track.artist) : null);
    }
    const albums = (await bed.request("/api/music/new-releases")).json() as {
      albums: { title: string; spotifyUri: string | null }[];
    };
    expect(albums.albums.filter((a) => a.spotifyUri !== null)).toHaveLength(
      albumRows.length - unknownAlbums.size,
    );
  });

  it("does not ask again about songs it has looked up (found or not) until a not-found is a week old", async () => {
    const { resolver } = resolverFor(bed.fake, db);
    expect(await resolver.runOnce()).toEqual({
      ran: true,
      found: 0,
      notFound: 0,
      fromCache: 0,
      pausedSeconds: 0,
    });
    expect(searches(bed.fake)).toEqual([]);

    const [missing] = bed.fake.state.unknownTracks;
    if (!missing) throw new Error("the fake catalogue changed");
    await db
      .update(spotifyLookups)
      .set({ lookedUpAt: sql`now() - interval '8 days'` })
      .where(and(eq(spotifyLookups.title, missing.title), eq(spotifyLookups.artist, missing.artist)));
    expect(await resolver.runOnce()).toMatchObject({ ran: true, found: 0, notFound: 1 });
    // The precise search, then the plain one; nothing else.
    expect(searches(bed.fake).map((r) => r.query.q)).toEqual([
      `track:"${missing.title}" artist:"${missing.artist}"`,
      `${missing.title} ${missing.artist}`,
    ]);
  });

  it("uses a song's cached id for a new row without asking Spotify", async () => {
    const [found] = await db
      .select()
      .from(spotifyLookups)
      .where(and(eq(spotifyLookups.kind, "track"), sql`${spotifyLookups.uri} is not null`))
      .limit(1);
    if (!found) throw new Error("nothing was resolved");
    await db.insert(playlistTracks).values({
      playlistId: 1,
      position: 9999,
      title: found.title,
      artist: found.artist,
      durationSeconds: 200,
    });
    const { resolver } = resolverFor(bed.fake, db);
    expect(await resolver.runOnce()).toEqual({
      ran: true,
      found: 0,
      notFound: 0,
      fromCache: 1,
      pausedSeconds: 0,
    });
    expect(searches(bed.fake)).toEqual([]);
    expect(bed.fake.state.tokenGrants).toEqual([]);
    const [row] = await db
      .select({ uri: playlistTracks.spotifyUri })
      .from(playlistTracks)
      .where(and(eq(playlistTracks.playlistId, 1), eq(playlistTracks.position, 9999)));
    expect(row?.uri).toBe(found.uri);
    await db
      .delete(playlistTracks)
      .where(and(eq(playlistTracks.playlistId, 1), eq(playlistTracks.position, 9999)));
  });

  it("'Save to Spotify' uses the stored ids: it searches only for the songs not found", async () => {
    const { cookie } = await connectVisitor(bed);
    bed.fake.state.requests = [];
    const saved = await createPlaylistAs(bed, cookie, {
      name: "Resolved",
      public: false,
      source: { kind: "playlist", playlistId: 1 },
    });
    expect(saved.statusCode).toBe(201);
    const unresolved = await db
      .select({ title: playlistTracks.title })
      .from(playlistTracks)
      .where(and(eq(playlistTracks.playlistId, 1), isNull(playlistTracks.spotifyUri)));
    expect(unresolved.length).toBeLessThan(saved.json().tracksAdded);
    const asked = searches(bed.fake).map((r) => r.query.q ?? "");
    for (const q of asked) expect(unresolved.some((t) => q.includes(t.title))).toBe(true);
  });
});
