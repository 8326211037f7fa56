import { describe, expect, it } from "vitest";
import {
  CreateSpotifyPlaylistSchema,
  DEFAULT_SPOTIFY_RETURN_TO,
  isSafeReturnTo,
  SPOTIFY_OUTCOME_MESSAGES,
  SpotifyOutcomeSchema,
  safeReturnTo,
  spotifyAuthorizeUrl,
} from "./spotify";

describe("returnTo", () => {
  it.each(["/", "/spotify-test", "/playlist-creator?from=hub#top", "/genre/R%26B"])(
    "accepts the path %s",
    (path) => {
      expect(isSafeReturnTo(path)).toBe(true);
      expect(safeReturnTo(path)).toBe(path);
    },
  );

  it.each([
    "//evil.example",
    "https://evil.example",
    "/\\evil.example",
    "/\\/evil.example",
    "javascript:alert(1)",
    "evil.example",
    "",
    "/\t/evil.example",
    "/ok\n",
    `/${"a".repeat(600)}`,
  ])("refuses %j and falls back to the Spotify Test page", (value) => {
    expect(isSafeReturnTo(value)).toBe(false);
    expect(safeReturnTo(value)).toBe(DEFAULT_SPOTIFY_RETURN_TO);
  });

  it("refuses non-strings", () => {
    expect(safeReturnTo(undefined)).toBe(DEFAULT_SPOTIFY_RETURN_TO);
    expect(safeReturnTo(["/a"])).toBe(DEFAULT_SPOTIFY_RETURN_TO);
  });

  it("builds the authorize link with an encoded, checked returnTo", () => {
    expect(spotifyAuthorizeUrl("/playlist-creator?x=1")).toBe(
      "/api/spotify/authorize?returnTo=%2Fplaylist-creator%3Fx%3D1",
    );
    expect(spotifyAuthorizeUrl("//evil.example")).toBe("/api/spotify/authorize?returnTo=%2Fspotify-test");
  });
});

describe("outcomes", () => {
  it("has a sentence for every outcome code", () => {
    for (const code of SpotifyOutcomeSchema.options) {
      expect(SPOTIFY_OUTCOME_MESSAGES[code]).toMatch(/^[A-Z].+\.$/);
    }
  });
});

describe("CreateSpotifyPlaylistSchema", () => {
  const base = { name: "  Late Night  ", public: false };

  it("trims the name and accepts each source kind", () => {
    for (const source of [
      { kind: "playlist", playlistId: 3 },
      { kind: "genre", genre: "Hip Hop" },
      { kind: "tracks", tracks: [{ title: "Glue", artist: "Bicep" }] },
    ]) {
      const parsed = CreateSpotifyPlaylistSchema.parse({ ...base, source });
      expect(parsed.name).toBe("Late Night");
    }
  });

  it.each([
    ["an empty name", { ...base, name: "   ", source: { kind: "genre", genre: "rock" } }],
    ["a long name", { ...base, name: "x".repeat(101), source: { kind: "genre", genre: "rock" } }],
    ["no tracks", { ...base, source: { kind: "tracks", tracks: [] } }],
    ["a bad id", { ...base, source: { kind: "playlist", playlistId: 0 } }],
    ["an unknown kind", { ...base, source: { kind: "album", id: 1 } }],
    [
      "a malformed URI",
      {
        ...base,
        source: { kind: "tracks", tracks: [{ title: "a", artist: "b", spotifyUri: "spotify:album:x" }] },
      },
    ],
    ["a missing public flag", { name: "x", source: { kind: "genre", genre: "rock" } }],
  ])("refuses %s", (_, body) => {
    expect(CreateSpotifyPlaylistSchema.safeParse(body).success).toBe(false);
  });
});
