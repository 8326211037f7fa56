import { AdvertisementSchema } from "@waveform/contracts/ads";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { advertisements } from "../../db/schema";
import { createTestApp, type TestApp } from "../../test/test-app";
import { testEngine } from "../../test/test-database";
import { createAdsRepository } from "./ads.repository";

describe(`advertisements on ${testEngine}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: true });
  });
  afterAll(() => t.close());

  it("GET /api/advertisements/current serves the live advertisement, never the expired one", async () => {
    const response = await t.app.inject({ url: "/api/advertisements/current" });
    expect(response.statusCode).toBe(200);
    const ad = AdvertisementSchema.parse(response.json());
    expect(ad.ctaUrl).toMatch(/^https:\/\//);
    expect(ad.title).toBe("Buy music straight from the artists");
  });

  it("picks by weight, then id, inside each advertisement's window", async () => {
    const repository = createAdsRepository(t.database.db);
    expect((await repository.current(new Date("2026-05-01T00:00:00Z")))?.title).toBe("Record Store Day 2026");
    expect((await repository.current(new Date("2026-12-01T00:00:00Z")))?.title).toBe(
      "Buy music straight from the artists",
    );
    expect(await repository.current(new Date("2030-01-01T00:00:00Z"))).toBeNull();
  });

  it("the database refuses a call to action that is not http(s)", async () => {
    await expect(
      t.database.db.insert(advertisements).values({
        slug: "evil",
        title: "x",
        description: "x",
        ctaText: "x",
        ctaUrl: "javascript:alert(1)",
      }),
    ).rejects.toThrow();
  });

  it("answers 204 with no body when nothing is live", async () => {
    await t.database.db.update(advertisements).set({ active: false });
    const response = await t.app.inject({ url: "/api/advertisements/current" });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe("");
  });
});
