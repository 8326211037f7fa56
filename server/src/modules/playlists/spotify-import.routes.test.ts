import { SpotifyImportSchema } from "@waveform/contracts/console-playlists";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { consoleCookie, consoleWriteHeaders } from "../../test/console-session";
import { FAKE_PUBLIC_PLAYLISTS } from "../../test/fake-spotify/fake-public-playlists";
import { type FakeSpotify, startFakeSpotify } from "../../test/fake-spotify/fake-spotify";
import { createTestApp, type TestApp } from "../../test/test-app";
import { testEngine } from "../../test/test-database";
import { SPOTIFY_PLAYLIST_NOT_FOUND, SPOTIFY_TRACKS_WITHHELD } from "./spotify-import";

const address = (id: string) => `https://open.spotify.com/playlist/${id}?si=share`;

describe(`Import from Spotify on ${testEngine}`, () => {
  let t: TestApp;
  let spotify: FakeSpotify;
  let editor: string;
  beforeAll(async () => {
    spotify = await startFakeSpotify({ clientSecret: "fake-secret" });
    t = await createTestApp({ env: { ...spotify.env(), SPOTIFY_RESOLVER: "off" } });
    editor = await consoleCookie(t.app, "editor");
  });
  afterAll(async () => {
    await t.close();
    await spotify.close();
  });
  beforeEach(() => spotify.control({ reset: true }));

  const importFrom = (url: unknown, headers = consoleWriteHeaders(editor)) =>
    t.app.inject({ method: "POST", url: "/api/admin/playlists/import-spotify", headers, payload: { url } });

  it("fills title, plain-text description, cover and tracks from the Web API (client credentials)", async () => {
    const answer = await importFrom(address(FAKE_PUBLIC_PLAYLISTS.nightDrive.id));
    expect(answer.statusCode).toBe(200);
    const filled = SpotifyImportSchema.parse(answer.json());
    expect(filled).toMatchObject({
      title: "Night Drive Classics",
      description: "Long roads & late radio. Curated by Someone.",
      platformId: FAKE_PUBLIC_PLAYLISTS.nightDrive.id,
      externalUrl: `https://open.spotify.com/playlist/${FAKE_PUBLIC_PLAYLISTS.nightDrive.id}`,
      notice: null,
    });
    expect(filled.imageUrl).toMatch(/^https:\/\//);
    expect(filled.tracks).toHaveLength(6);
    expect(filled.tracks[0]).toEqual({
      title: spotify.state.tracks[0]?.name,
      artist: spotify.state.tracks[0]?.artist,
      durationSeconds: Math.round((spotify.state.tracks[0]?.durationMs ?? 0) / 1000),
      spotifyUri: `spotify:track:${spotify.state.tracks[0]?.id}`,
    });
    expect(spotify.state.tokenGrants.at(-1)).toEqual({
      grantType: "client_credentials",
      clientAuth: "basic",
    });
  });

  it("reads every page of a long playlist", async () => {
    const filled = (await importFrom(address(FAKE_PUBLIC_PLAYLISTS.marathon.id))).json();
    expect(filled.tracks).toHaveLength(130);
    const pages = spotify.state.requests.filter((r) => r.path.endsWith("/items"));
    expect(pages.map((r) => r.query.offset)).toEqual(["100"]);
  });

  it("keeps the texts and says so when Spotify withholds the tracks (403)", async () => {
    const filled = (await importFrom(address(FAKE_PUBLIC_PLAYLISTS.withheld.id))).json();
    expect(filled).toMatchObject({ title: "Private Tastes", tracks: [], notice: SPOTIFY_TRACKS_WITHHELD });
  });

  it("maps Spotify's errors to clear messages", async () => {
    const missing = await importFrom(address("0000000000000000000000"));
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: SPOTIFY_PLAYLIST_NOT_FOUND });
    spotify.control({ failNext: { status: 500, count: 3 } });
    const down = await importFrom(address(FAKE_PUBLIC_PLAYLISTS.nightDrive.id));
    expect(down.statusCode).toBe(502);
    expect(down.json().error).toMatch(/Spotify is having trouble/);
    spotify.control({ reset: true, failNext: { status: 429, retryAfter: 30, count: 2 } });
    const limited = await importFrom(address(FAKE_PUBLIC_PLAYLISTS.nightDrive.id));
    expect(limited.statusCode).toBe(429);
    expect(limited.headers["retry-after"]).toBe("30");
  });

  it("refuses an address that is not a Spotify playlist with a field message", async () => {
    for (const url of ["https://music.apple.com/us/playlist/x/pl.u-8aAVZAaCzoyJ1M", "not an address"]) {
      const answer = await importFrom(url);
      expect(answer.statusCode).toBe(400);
      expect(answer.json().issues[0].path).toBe("url");
    }
    expect((await importFrom("")).statusCode).toBe(400);
    expect((await importFrom(address(FAKE_PUBLIC_PLAYLISTS.nightDrive.id), {})).statusCode).toBe(403);
  });
});
