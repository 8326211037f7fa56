import { ogImagePath } from "@waveform/contracts/og";
import { staticPageIds } from "@waveform/contracts/page-titles";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app";
import { testEngine } from "../../test/test-database";
import { createSeoRepository } from "./seo.repository";

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Width and height from the IHDR chunk, which a PNG must put first, right after the signature. */
function pngSize(png: Buffer): { width: number; height: number } {
  expect(png.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
  expect(png.toString("latin1", 12, 16)).toBe("IHDR");
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

describe(`link-preview images on ${testEngine}`, () => {
  let t: TestApp;
  let keys: { genre: string; podcast: number; release: number };
  beforeAll(async () => {
    t = await createTestApp({ seed: true });
    const repository = createSeoRepository(t.database.db);
    const [genre] = await t.database.db.query.genres.findMany({ columns: { slug: true }, limit: 1 });
    const [podcast] = await t.database.db.query.podcasts.findMany({ columns: { id: true }, limit: 1 });
    const [release] = await t.database.db.query.releases.findMany({ columns: { id: true }, limit: 1 });
    if (!genre || !podcast || !release || !(await repository.playlistCard(1))) {
      throw new Error("the seed has no genre, podcast, release or playlist 1");
    }
    keys = { genre: genre.slug, podcast: podcast.id, release: release.id };
  });
  afterAll(() => t.close());

  it("GET /og/playlist/1.png is a 1200×630 PNG, cached for a day, with an ETag", async () => {
    const response = await t.app.inject({ url: ogImagePath("playlist", 1) });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("image/png");
    expect(response.headers["cache-control"]).toBe("public, max-age=86400");
    expect(response.headers.etag).toMatch(/^"[\w-]+"$/);
    expect(pngSize(response.rawPayload)).toEqual({ width: 1200, height: 630 });
  });

  it("draws genres, podcasts, releases and every static page", async () => {
    const paths = [
      ogImagePath("genre", keys.genre),
      ogImagePath("podcast", keys.podcast),
      ogImagePath("release", keys.release),
      ...staticPageIds.map((id) => ogImagePath("page", id)),
    ];
    for (const path of paths) {
      const response = await t.app.inject({ url: path });
      expect(response.statusCode, path).toBe(200);
      expect(pngSize(response.rawPayload)).toEqual({ width: 1200, height: 630 });
    }
  });

  it("answers 304 to a matching If-None-Match, and the same bytes from its cache", async () => {
    const first = await t.app.inject({ url: ogImagePath("genre", keys.genre) });
    const again = await t.app.inject({
      url: ogImagePath("genre", keys.genre),
      headers: { "if-none-match": String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    const cached = await t.app.inject({ url: ogImagePath("genre", keys.genre) });
    expect(cached.headers.etag).toBe(first.headers.etag);
    expect(cached.rawPayload.equals(first.rawPayload)).toBe(true);
  });

  it.each([
    ["an unknown playlist", "/og/playlist/999999.png"],
    ["an unknown genre", "/og/genre/polka.png"],
    ["an unknown podcast", "/og/podcast/999999.png"],
    ["an unknown release", "/og/release/999999.png"],
    ["an unknown page", "/og/page/admin.png"],
    ["a data page, which has no card of its own", "/og/page/playlistDetail.png"],
    ["an unknown kind", "/og/artist/1.png"],
    ["another format", "/og/playlist/1.jpg"],
  ])("answers 404 JSON for %s", async (_, url) => {
    const response = await t.app.inject({ url });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: expect.any(String) });
  });

  it.each([
    ["a playlist id that is not a number", "/og/playlist/abc.png"],
    ["a zero id", "/og/release/0.png"],
    ["an id past the database's integers", "/og/podcast/99999999999.png"],
    ["a genre key that is not a slug", "/og/genre/Hip%20Hop.png"],
    ["a page key with punctuation", "/og/page/..%2Fabout.png"],
  ])("answers 400 for %s", async (_, url) => {
    const response = await t.app.inject({ url });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatch(/^The image key must be/);
  });
});
