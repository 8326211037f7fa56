import { ConsoleAdSchema } from "@waveform/contracts/console-ads";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { advertisements, auditLog } from "../../db/schema";
import { consoleCookie, consoleWriteHeaders } from "../../test/console-session";
import { createTestApp, type TestApp } from "../../test/test-app";
import { testEngine } from "../../test/test-database";

const hour = 3600_000;
const newAd = (overrides: Record<string, unknown> = {}) => ({
  title: "Console sponsor",
  description: "Scheduled from the console.",
  ctaText: "Visit",
  ctaUrl: "https://example.org/sponsor",
  startsAt: new Date(Date.now() - hour).toISOString(),
  endsAt: new Date(Date.now() + 24 * hour).toISOString(),
  weight: 50,
  ...overrides,
});

describe(`console advertisements API on ${testEngine}`, () => {
  let t: TestApp;
  let admin: string;
  let editor: string;
  beforeAll(async () => {
    t = await createTestApp({ seed: true });
    admin = await consoleCookie(t.app, "admin");
    editor = await consoleCookie(t.app, "editor");
  });
  afterAll(() => t.close());

  const schedule = (body: unknown, headers = consoleWriteHeaders(admin)) =>
    t.app.inject({ method: "POST", url: "/api/admin/ads", headers, payload: body as object });

  it("is for admins only: 401 signed out, 403 for an editor, 403 cross-site", async () => {
    expect((await t.app.inject({ url: "/api/admin/ads" })).statusCode).toBe(401);
    expect((await t.app.inject({ url: "/api/admin/ads", headers: { cookie: editor } })).statusCode).toBe(403);
    expect((await schedule(newAd(), consoleWriteHeaders(editor))).statusCode).toBe(403);
    expect((await schedule(newAd(), { cookie: admin, "sec-fetch-site": "cross-site" })).statusCode).toBe(403);
    const end = await t.app.inject({
      method: "POST",
      url: "/api/admin/ads/1/end",
      headers: { cookie: admin },
    });
    expect(end.statusCode).toBe(403);
  });

  it("lists the seeded advertisements with their state", async () => {
    const response = await t.app.inject({ url: "/api/admin/ads", headers: { cookie: admin } });
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("no-store");
    const ads = response.json().ads.map((ad: unknown) => ConsoleAdSchema.parse(ad));
    expect(ads.map((ad: { title: string; state: string }) => [ad.title, ad.state])).toEqual(
      expect.arrayContaining([
        ["Buy music straight from the artists", "live"],
        ["Record Store Day 2026", "ended"],
      ]),
    );
  });

  it("schedules an advertisement that the public API serves at once, audited as the operator", async () => {
    await t.app.inject({ url: "/api/advertisements/current" });
    const response = await schedule(newAd());
    expect(response.statusCode).toBe(201);
    const { ad } = response.json();
    expect(ad).toMatchObject({
      title: "Console sponsor",
      state: "live",
      slug: "console-sponsor",
      weight: 50,
    });
    const current = await t.app.inject({ url: "/api/advertisements/current" });
    expect(current.json().title).toBe("Console sponsor");
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "advertisement"), eq(auditLog.entityId, String(ad.id))));
    expect(entry).toMatchObject({ action: "create", actorKind: "operator" });
    expect(
      (await schedule(newAd({ startsAt: new Date(Date.now() + hour).toISOString() }))).json().ad,
    ).toMatchObject({
      slug: "console-sponsor-2",
      state: "scheduled",
    });
  });

  it("ends an advertisement now: the public API stops serving it", async () => {
    const list = (await t.app.inject({ url: "/api/admin/ads", headers: { cookie: admin } })).json().ads;
    const live = list.find(
      (ad: { title: string; state: string }) => ad.title === "Console sponsor" && ad.state === "live",
    );
    const response = await t.app.inject({
      method: "POST",
      url: `/api/admin/ads/${live.id}/end`,
      headers: consoleWriteHeaders(admin),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().ad.state).toBe("ended");
    const current = await t.app.inject({ url: "/api/advertisements/current" });
    expect(current.json().title).toBe("Buy music straight from the artists");
    const missing = await t.app.inject({
      method: "POST",
      url: "/api/admin/ads/999999/end",
      headers: consoleWriteHeaders(admin),
    });
    expect(missing.statusCode).toBe(404);
  });

  it("answers each bad field with its own message and saves nothing", async () => {
    const count = async () => (await t.database.db.select().from(advertisements)).length;
    const stored = await count();
    const response = await schedule(
      newAd({
        title: " ",
        ctaUrl: "javascript:alert(1)",
        imageUrl: "https://tracker.example/pixel.png",
        endsAt: new Date(Date.now() - 2 * hour).toISOString(),
        weight: 1.5,
      }),
    );
    expect(response.statusCode).toBe(400);
    const paths = response.json().issues.map((issue: { path: string }) => issue.path);
    expect(paths).toEqual(expect.arrayContaining(["title", "ctaUrl", "imageUrl", "weight", "endsAt"]));
    expect((await schedule({})).statusCode).toBe(400);
    expect(await count()).toBe(stored);
  });

  it("answers an empty list when there are no advertisements", async () => {
    const empty = await createTestApp();
    try {
      const cookie = await consoleCookie(empty.app, "admin");
      expect((await empty.app.inject({ url: "/api/admin/ads", headers: { cookie } })).json()).toEqual({
        ads: [],
      });
    } finally {
      await empty.close();
    }
  });
});
