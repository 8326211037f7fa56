import { GenreArtistSchema, GenreListSchema, SubgenreSchema } from "@waveform/contracts/genres";
import { PlaylistSchema } from "@waveform/contracts/playlists";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { genreSeeds } from "../../db/seed/genres.data";
import { createTestApp, type TestApp } from "../../test/test-app";
import { testEngine } from "../../test/test-database";
import { createGenresRepository } from "./genres.repository";

describe(`genres API on ${testEngine}`, () => {
  describe("with the seed catalogue", () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ seed: true });
    });
    afterAll(() => t.close());

    it("GET /api/genres lists every genre in editorial order with playlist counts and artwork", async () => {
      const response = await t.app.inject({ url: "/api/genres" });
      expect(response.statusCode).toBe(200);
      const { genres } = GenreListSchema.parse(response.json());
      expect(genres.map((genre) => genre.name)).toEqual(genreSeeds.map((seed) => seed.name));
      expect(genres[0]).toMatchObject({
        slug: "electronic",
        colorUI: 0,
        imageUrl: "/art/genre/electronic.svg",
      });
      expect(genres.every((genre) => genre.playlistCount >= 3)).toBe(true);
    });

    it.each(["rock", "ROCK", "3"])(
      "GET /api/genres/%s/subgenres lists 4–8 subgenres rated 0–10",
      async (id) => {
        const response = await t.app.inject({ url: `/api/genres/${id}/subgenres` });
        expect(response.statusCode).toBe(200);
        const { subgenres } = z.object({ subgenres: z.array(SubgenreSchema) }).parse(response.json());
        expect(subgenres.length).toBeGreaterThanOrEqual(4);
        expect(subgenres.length).toBeLessThanOrEqual(8);
        expect(subgenres[0]?.name).toBe("Classic Rock");
      },
    );

    it("GET /api/genres/:id/artists lists six or more artists with platform and genres", async () => {
      const response = await t.app.inject({ url: "/api/genres/jazz/artists" });
      const { artists } = z.object({ artists: z.array(GenreArtistSchema) }).parse(response.json());
      expect(artists.length).toBeGreaterThanOrEqual(6);
      expect(artists[0]).toMatchObject({ name: "Miles Davis", imageUrl: "/art/artist/miles-davis.svg" });
    });

    it("GET /api/genres/:id/playlists lists the genre's playlists", async () => {
      const response = await t.app.inject({ url: "/api/genres/pop/playlists" });
      const { playlists } = z.object({ playlists: z.array(PlaylistSchema) }).parse(response.json());
      expect(playlists.length).toBeGreaterThan(0);
      expect(playlists.every((playlist) => playlist.genre === "Pop")).toBe(true);
    });

    it.each(["subgenres", "playlists", "artists"])("GET /api/genres/polka/%s answers 404", async (part) => {
      const response = await t.app.inject({ url: `/api/genres/polka/${part}` });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: "Genre not found" });
    });

    it("refuses an over-long genre id with a 4xx JSON error", async () => {
      const response = await t.app.inject({ url: `/api/genres/${"x".repeat(101)}/artists` });
      expect(response.statusCode).toBe(414);
      expect(response.json()).toHaveProperty("error");
    });

    it("finds a genre by id, slug or display name, case-insensitively, and null when unknown", async () => {
      const repository = createGenresRepository(t.database.db);
      const rb = await repository.findByIdOrSlug("r-and-b");
      expect(rb?.name).toBe("R&B");
      expect(await repository.findByIdOrSlug(String(rb?.id))).toEqual(rb);
      expect(await repository.findByName("r&b")).toEqual(rb);
      expect(await repository.findByName("Hip-Hop")).toMatchObject({ name: "Hip Hop" });
      expect(await repository.findByIdOrSlug("polka")).toBeNull();
      expect(await repository.findByIdOrSlug("99999999999")).toBeNull();
    });
  });

  describe("with an empty database", () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(() => t.close());

    it("GET /api/genres answers an empty list", async () => {
      const response = await t.app.inject({ url: "/api/genres" });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ genres: [] });
    });

    it("GET /api/genres/1/subgenres answers 404", async () => {
      expect((await t.app.inject({ url: "/api/genres/1/subgenres" })).statusCode).toBe(404);
    });
  });
});
