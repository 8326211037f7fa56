import { AlbumSchema } from "@waveform/contracts/releases";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { createTestApp, type TestApp } from "../test/test-app";
import { testEngine } from "../test/test-database";

describe(`releases, site images and artwork on ${testEngine}`, () => {
  describe("with the seed catalogue", () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ seed: true });
    });
    afterAll(() => t.close());

    it("GET /api/music/new-releases lists twelve or more albums, newest first", async () => {
      const response = await t.app.inject({ url: "/api/music/new-releases" });
      const { albums } = z.object({ albums: z.array(AlbumSchema) }).parse(response.json());
      expect(albums.length).toBeGreaterThanOrEqual(12);
      const dates = albums.map((album) => album.releaseDate);
      expect(dates).toEqual([...dates].sort().reverse());
    });

    it.each(["hero", "platforms", "newsletter-background"])(
      "GET /api/images/%s gives a local address",
      async (name) => {
        const response = await t.app.inject({ url: `/api/images/${name}` });
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual({ url: `/art/site/${name}.svg` });
      },
    );

    it("GET /api/images/unknown answers 404 JSON", async () => {
      expect((await t.app.inject({ url: "/api/images/logo" })).statusCode).toBe(404);
    });

    it("GET /art/… renders the same SVG every time, cacheable, with explicit size", async () => {
      const first = await t.app.inject({ url: "/art/cover/late-night-circuits.svg" });
      const second = await t.app.inject({ url: "/art/cover/late-night-circuits.svg" });
      expect(first.statusCode).toBe(200);
      expect(first.headers["content-type"]).toMatch(/image\/svg\+xml/);
      expect(first.body).toBe(second.body);
      expect(first.body).toMatch(/^<svg [^>]*width="600" height="600"/);
      const other = await t.app.inject({ url: "/art/cover/golden-era.svg" });
      expect(other.body).not.toBe(first.body);
      const cached = await t.app.inject({
        url: "/art/cover/late-night-circuits.svg",
        headers: { "if-none-match": String(first.headers.etag) },
      });
      expect(cached.statusCode).toBe(304);
      // A proxy that compressed the SVG may have weakened the tag; If-None-Match compares weakly.
      const listed = await t.app.inject({
        url: "/art/cover/late-night-circuits.svg",
        headers: { "if-none-match": `"stale", W/${String(first.headers.etag)}` },
      });
      expect(listed.statusCode).toBe(304);
    });

    it("GET /art/… refuses unknown kinds and odd names", async () => {
      expect((await t.app.inject({ url: "/art/logo/x.svg" })).statusCode).toBe(400);
      expect((await t.app.inject({ url: "/art/cover/x.png" })).statusCode).toBe(400);
      expect((await t.app.inject({ url: "/art/cover/%3Cscript%3E.svg" })).statusCode).toBe(400);
    });
  });

  describe("with an empty database", () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(() => t.close());

    it("GET /api/music/new-releases answers an empty list", async () => {
      expect((await t.app.inject({ url: "/api/music/new-releases" })).json()).toEqual({ albums: [] });
    });

    it("GET /api/advertisements/current answers 204", async () => {
      expect((await t.app.inject({ url: "/api/advertisements/current" })).statusCode).toBe(204);
    });

    it("GET /api/images/hero answers 404 until an image is set", async () => {
      expect((await t.app.inject({ url: "/api/images/hero" })).statusCode).toBe(404);
    });
  });
});
