import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { podcasts } from "../../db/schema";
import { createTestApp, type TestApp } from "../../test/test-app";
import { testEngine } from "../../test/test-database";
import { PODCAST_ARTWORK_DRAWS_AT_ONCE, PODCAST_ARTWORK_PX } from "./podcast-artwork.routes";

/** resvg's draws, counted: the real drawing, a little slower, so that concurrent ones overlap. */
const draws = vi.hoisted(() => ({ started: 0, running: 0, most: 0 }));
vi.mock("@resvg/resvg-js", async (importOriginal) => {
  const real = await importOriginal<typeof import("@resvg/resvg-js")>();
  return {
    ...real,
    renderAsync: async (...args: Parameters<typeof real.renderAsync>) => {
      draws.started += 1;
      draws.running += 1;
      draws.most = Math.max(draws.most, draws.running);
      try {
        await new Promise((resolve) => setTimeout(resolve, 30));
        return await real.renderAsync(...args);
      } finally {
        draws.running -= 1;
      }
    },
  };
});

/** The width and height a PNG's IHDR chunk states. */
const pngSize = (png: Buffer) => ({ width: png.readUInt32BE(16), height: png.readUInt32BE(20) });

describe(`podcast artwork as PNG (${testEngine})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: true });
  });
  afterAll(() => t.close());
  beforeEach(() => {
    draws.started = 0;
    draws.most = 0;
  });

  it("draws a club show's artwork, once", async () => {
    const png = await t.app.inject({ url: "/art/podcast/genre-atlas.png" });
    expect(png.statusCode).toBe(200);
    expect(png.headers["content-type"]).toBe("image/png");
    expect(pngSize(png.rawPayload)).toEqual({ width: PODCAST_ARTWORK_PX, height: PODCAST_ARTWORK_PX });
    expect((await t.app.inject({ url: "/art/podcast/genre-atlas.png" })).statusCode).toBe(200);
    expect(draws.started).toBe(1);
  });

  it.each([
    ["a name that is no show", "/art/podcast/made-up-name.png"],
    ["another made-up name", "/art/podcast/zzz-0123456789.png"],
    ["a name that is not a slug", "/art/podcast/a%20b.png"],
  ])("answers 404 for %s, without drawing", async (_, url) => {
    const response = await t.app.inject({ url });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: expect.any(String) });
    expect(draws.started).toBe(0);
  });

  it("answers 404 for a show read from someone else's feed (its publisher has its artwork)", async () => {
    await t.database.db
      .update(podcasts)
      .set({ feedUrl: "https://feeds.waveform.test/loop-theory.xml" })
      .where(eq(podcasts.slug, "loop-theory"));
    t.app.catalogueCache.clear();
    try {
      expect((await t.app.inject({ url: "/art/podcast/loop-theory.png" })).statusCode).toBe(404);
      expect(draws.started).toBe(0);
    } finally {
      await t.database.db
        .update(podcasts)
        .set({ feedUrl: "seed:loop-theory.xml" })
        .where(eq(podcasts.slug, "loop-theory"));
      t.app.catalogueCache.clear();
    }
    expect((await t.app.inject({ url: "/art/podcast/loop-theory.png" })).statusCode).toBe(200);
  });

  it(`draws at most ${PODCAST_ARTWORK_DRAWS_AT_ONCE} at once; the others wait their turn`, async () => {
    const shows = [
      "green-room-sessions",
      "bedroom-to-master",
      "pressing-matters",
      "net-receipts",
      "cue-sheet",
    ];
    const answers = await Promise.all(shows.map((show) => t.app.inject({ url: `/art/podcast/${show}.png` })));
    expect(answers.map((answer) => answer.statusCode)).toEqual(shows.map(() => 200));
    expect(draws.started).toBe(shows.length);
    expect(draws.most).toBe(PODCAST_ARTWORK_DRAWS_AT_ONCE);
  });
});
