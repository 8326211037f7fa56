import { GenreListSchema } from "@waveform/contracts/genres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { genreSeeds } from "../../db/seed/genres.data";
import { createTestApp, type TestApp } from "../../test/test-app";
import { testEngine } from "../../test/test-database";
import { createGenresRepository } from "./genres.repository";

describe(`genres on ${testEngine}`, () => {
  describe("with the seed catalogue", () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ seed: true });
    });
    afterAll(() => t.close());

    it("GET /api/genres lists every genre in editorial order, in the contract shape", async () => {
      const response = await t.app.inject({ url: "/api/genres" });
      expect(response.statusCode).toBe(200);
      const { genres } = GenreListSchema.parse(response.json());
      expect(genres.map((genre) => genre.name)).toEqual(genreSeeds.map((seed) => seed.name));
      expect(genres[0]).toMatchObject({ slug: "electronic", colorUI: 0, popularity: 9 });
    });

    it("finds a genre by id or slug, case-insensitively, and null when unknown", async () => {
      const repository = createGenresRepository(t.database.db);
      const rock = await repository.findByIdOrSlug("rock");
      expect(rock?.name).toBe("Rock");
      expect(await repository.findByIdOrSlug("ROCK")).toEqual(rock);
      expect(await repository.findByIdOrSlug(String(rock?.id))).toEqual(rock);
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

    it("ignores query parameters it does not take", async () => {
      const response = await t.app.inject({ url: "/api/genres?unused=1" });
      expect(response.statusCode).toBe(200);
    });
  });
});
