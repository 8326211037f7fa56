import { PlaylistDetailSchema, PlaylistSchema } from "@waveform/contracts/playlists";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { createTestApp, type TestApp } from "../../test/test-app";
import { testEngine } from "../../test/test-database";

const PlaylistListSchema = z.array(PlaylistSchema);

describe(`playlists API on ${testEngine}`, () => {
  describe("with the seed catalogue", () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ seed: true });
    });
    afterAll(() => t.close());

    it("GET /api/playlists lists every playlist with its genre and track count", async () => {
      const response = await t.app.inject({ url: "/api/playlists" });
      expect(response.statusCode).toBe(200);
      const { playlists } = z.object({ playlists: PlaylistListSchema }).parse(response.json());
      expect(playlists.length).toBeGreaterThanOrEqual(30);
      expect(new Set(playlists.map((p) => p.platform))).toEqual(
        new Set(["Spotify", "Apple Music", "YouTube Music"]),
      );
      for (const playlist of playlists) {
        expect(playlist.trackCount).toBeGreaterThanOrEqual(8);
        expect(playlist.trackCount).toBeLessThanOrEqual(25);
        expect(playlist.externalUrl).toMatch(/^https:\/\//);
      }
    });

    it("GET /api/playlists/featured gives at least four featured playlists as a bare array", async () => {
      const response = await t.app.inject({ url: "/api/playlists/featured" });
      const featured = PlaylistListSchema.parse(response.json());
      expect(featured.length).toBeGreaterThanOrEqual(4);
      expect(featured.every((p) => p.featured)).toBe(true);
    });

    it("GET /api/music/featured-playlists wraps the same list", async () => {
      const wrapped = (await t.app.inject({ url: "/api/music/featured-playlists" })).json();
      const bare = (await t.app.inject({ url: "/api/playlists/featured" })).json();
      expect(wrapped).toEqual({ playlists: bare });
    });

    it.each(["R&B", "r&b", "r-and-b", "Hip Hop", "hip-hop", "JAZZ"])(
      "GET /api/playlists/genre/%s matches by name in any case, or by slug",
      async (name) => {
        const response = await t.app.inject({ url: `/api/playlists/genre/${encodeURIComponent(name)}` });
        expect(response.statusCode).toBe(200);
        const playlists = PlaylistListSchema.parse(response.json());
        expect(playlists.length).toBeGreaterThan(0);
        expect(new Set(playlists.map((p) => p.genre)).size).toBe(1);
      },
    );

    it("GET /api/playlists/genre/:name answers 404 for an unknown genre", async () => {
      const response = await t.app.inject({ url: "/api/playlists/genre/polka" });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: 'No genre named "polka"' });
    });

    it("GET /api/playlists/:id gives the tracks in order with durations", async () => {
      const response = await t.app.inject({ url: "/api/playlists/1" });
      expect(response.statusCode).toBe(200);
      const playlist = PlaylistDetailSchema.parse(response.json());
      expect(playlist.tracks).toHaveLength(playlist.trackCount);
      expect(playlist.tracks.map((track) => track.position)).toEqual(playlist.tracks.map((_, i) => i + 1));
      expect(playlist.tracks.every((track) => track.durationSeconds > 60)).toBe(true);
    });

    it.each([
      ["999999", 404],
      ["abc", 400],
      ["0", 400],
      ["-1", 400],
      ["1.5", 400],
    ])("GET /api/playlists/%s answers %i", async (id, status) => {
      const response = await t.app.inject({ url: `/api/playlists/${id}` });
      expect(response.statusCode).toBe(status);
      expect(response.json()).toHaveProperty("error");
    });

    it("answers with an ETag, and 304 when the client has it", async () => {
      const first = await t.app.inject({ url: "/api/playlists/featured" });
      const etag = String(first.headers.etag);
      expect(etag).toMatch(/^"[\w-]+"$/);
      expect(first.headers["cache-control"]).toContain("max-age=60");
      const again = await t.app.inject({
        url: "/api/playlists/featured",
        headers: { "if-none-match": etag },
      });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe("");
      for (const ifNoneMatch of [`W/${etag}`, `"other", ${etag}`, "*"]) {
        const revalidated = await t.app.inject({
          url: "/api/playlists/featured",
          headers: { "if-none-match": ifNoneMatch },
        });
        expect(revalidated.statusCode, ifNoneMatch).toBe(304);
      }
      const changed = await t.app.inject({
        url: "/api/playlists/featured",
        headers: { "if-none-match": '"other"' },
      });
      expect(changed.statusCode).toBe(200);
    });

    it("answers every concurrent first request in full, compressed or not", async () => {
      t.app.catalogueCache.clear();
      const responses = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          t.app.inject({ url: "/api/playlists", headers: { "accept-encoding": i % 2 ? "br" : "identity" } }),
        ),
      );
      for (const response of responses) {
        expect(response.statusCode).toBe(200);
        expect(response.rawPayload.length).toBeGreaterThan(100);
      }
    });

    it("serves fresh data after the cache is dropped", async () => {
      const before = (await t.app.inject({ url: "/api/playlists" })).json().playlists.length;
      await t.app.inject({ url: "/api/playlists/featured" });
      await t.database.db.execute("update playlists set featured = false");
      expect((await t.app.inject({ url: "/api/playlists/featured" })).json().length).toBeGreaterThan(0);
      t.app.catalogueCache.clear();
      expect((await t.app.inject({ url: "/api/playlists/featured" })).json()).toEqual([]);
      expect((await t.app.inject({ url: "/api/playlists" })).json().playlists.length).toBe(before);
    });
  });

  describe("with an empty database", () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(() => t.close());

    it.each([
      ["/api/playlists", { playlists: [] }],
      ["/api/playlists/featured", []],
      ["/api/music/featured-playlists", { playlists: [] }],
    ])("GET %s answers an empty list", async (url, body) => {
      const response = await t.app.inject({ url });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual(body);
    });

    it("GET /api/playlists/1 answers 404", async () => {
      expect((await t.app.inject({ url: "/api/playlists/1" })).statusCode).toBe(404);
    });
  });
});
