import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  connectVisitor,
  createPlaylistAs,
  fakeUriOf,
  leakedTokens,
  type SpotifyTestBed,
  startSpotifyTestBed,
} from "../../test/spotify-visitor";
import { testEngine } from "../../test/test-database";

describe(`Saving playlists to Spotify: refusals and failures on ${testEngine}`, () => {
  let bed: SpotifyTestBed;
  let cookie: string | undefined;

  beforeAll(async () => {
    bed = await startSpotifyTestBed({ seed: true });
    cookie = (await connectVisitor(bed)).cookie;
  });
  beforeEach(() => {
    bed.fake.state.failures = [];
    bed.fake.state.requests = [];
  });
  afterAll(() => bed.close());

  it("refuses a visitor who is not connected with 401", async () => {
    const response = await createPlaylistAs(bed, undefined, {
      name: "Mine",
      public: true,
      source: { kind: "genre", genre: "Rock" },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: "Not connected to Spotify" });
  });

  it("refuses a bad body with 400 and the fields at fault", async () => {
    const response = await createPlaylistAs(bed, cookie, {
      name: "  ",
      public: "yes",
      source: { kind: "album" },
    });
    expect(response.statusCode).toBe(400);
    const paths = response.json().issues.map((issue: { path: string }) => issue.path);
    expect(paths).toEqual(expect.arrayContaining(["name", "public"]));
    expect(bed.fake.state.requests).toEqual([]);
  });

  it.each([
    ["playlist", { kind: "playlist", playlistId: 99_999 }, "Playlist not found"],
    ["genre", { kind: "genre", genre: "Polka" }, "Genre not found"],
  ])("answers 404 for an unknown %s", async (_, source, error) => {
    const response = await createPlaylistAs(bed, cookie, { name: "Mine", public: true, source });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error });
  });

  it("creates nothing when Spotify finds none of the tracks (422)", async () => {
    const before = bed.fake.state.playlists.size;
    const response = await createPlaylistAs(bed, cookie, {
      name: "Nothing",
      public: true,
      source: { kind: "tracks", tracks: [{ title: "No Such Song", artist: "Nobody At All" }] },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().error).toMatch(/found none/);
    expect(bed.fake.state.playlists.size).toBe(before);
  });

  it.each([
    [500, 502, "Spotify is having trouble right now. Please try again later."],
    [429, 429, "Spotify is rate limiting us; try again in 120 s"],
  ] as const)("answers Spotify's %i as %i with a sentence", async (status, ours, message) => {
    bed.fake.control({ failNext: { status, retryAfter: 120 } });
    const response = await createPlaylistAs(bed, cookie, {
      name: "Failing",
      public: true,
      source: { kind: "tracks", tracks: [{ title: "Glue", artist: "Bicep" }] },
    });
    expect(response.statusCode).toBe(ours);
    expect(response.json()).toEqual({ error: message });
    if (status === 429) expect(response.headers["retry-after"]).toBe("120");
  });

  it("says the playlist exists when adding its tracks fails", async () => {
    const before = bed.fake.state.playlists.size;
    bed.fake.control({ failNext: { status: 403, skip: 1 } }); // the create passes, the add is refused
    const response = await createPlaylistAs(bed, cookie, {
      name: "Half made",
      public: true,
      source: {
        kind: "tracks",
        tracks: [{ title: "Glue", artist: "Bicep", spotifyUri: fakeUriOf("Glue", "Bicep") }],
      },
    });
    expect(bed.fake.state.playlists.size).toBe(before + 1);
    expect(response.statusCode).toBe(502);
    expect(response.json().error).toMatch(
      /^The playlist "Half made" was created, but .+ Spotify refused the request/,
    );
  });

  it("answers 503 when Spotify is not configured", async () => {
    const unconfigured = await startSpotifyTestBed({ spotify: false });
    try {
      const response = await createPlaylistAs(unconfigured, undefined, {
        name: "x",
        public: true,
        source: { kind: "genre", genre: "rock" },
      });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ error: "Spotify is not configured on this server" });
    } finally {
      await unconfigured.close();
    }
  });

  it("never shows a token in any answer", () => {
    expect(leakedTokens(bed)).toEqual([]);
  });
});
