import {
  INSIGHT_BATCH_MAX,
  InsightsReportSchema,
  MostPlayedSchema,
  TrendingSchema,
} from "@waveform/contracts/insights";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { episodes } from "../../db/schema";
import { consoleCookie } from "../../test/console-session";
import { fromSite } from "../../test/same-origin";
import { createTestApp, type TestApp } from "../../test/test-app";
import { testEngine } from "../../test/test-database";

/** A browser as a visitor's (isbot passes it; Playwright's HeadlessChrome would not). */
export const BROWSER_UA =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

describe(`the insights API on ${testEngine}`, () => {
  let t: TestApp;
  let editor: string;
  /** The insights' clock: noon of a fixed day, moved on where a test says. */
  let now = Date.parse("2026-11-27T12:00:00Z");
  beforeAll(async () => {
    t = await createTestApp({ seed: true, insightsClock: () => now, env: { INSIGHTS_FLUSH_MS: "600000" } });
    await t.app.ready();
    editor = await consoleCookie(t.app, "editor");
  });
  afterAll(() => t.close());

  const beacon = (body: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: "POST",
      url: "/api/insights/events",
      headers: fromSite({ "content-type": "application/json", "user-agent": BROWSER_UA, ...headers }),
      remoteAddress: headers["x-test-ip"] ?? "203.0.113.9",
      payload: typeof body === "string" ? body : JSON.stringify(body),
    });
  const counts = async (metric: string) => {
    await t.app.insights.flush();
    return rowsOf<{ item: string; count: number }>(
      await t.app.db.execute(
        sql`select item, count::int as count from insight_counts where metric = ${metric} order by item`,
      ),
    );
  };
  const report = async (query = "") => {
    const answer = await t.app.inject({ url: `/api/admin/insights${query}`, headers: { cookie: editor } });
    expect(answer.statusCode, answer.body).toBe(200);
    return InsightsReportSchema.parse(answer.json());
  };

  const lastEpisode = async () => {
    const [row] = rowsOf<{ slug: string; episode_id: number }>(
      await t.app.db.execute(
        sql`select p.slug, e.id as episode_id from podcasts p join episodes e on e.podcast_id = p.id order by e.id desc limit 1`,
      ),
    );
    if (!row) throw new Error("no episode in the seed");
    return row;
  };
  const trending = async () => {
    const answer = await t.app.inject({ url: "/api/insights/trending" });
    // A page read (decision 0021): no-cache, like the catalogue reads without a cache key.
    expect(answer.headers["cache-control"]).toBe("no-cache");
    return TrendingSchema.parse(answer.json());
  };
  const mostPlayed = async (slug: string) => {
    const answer = await t.app.inject({ url: `/api/podcasts/shows/${slug}/most-played` });
    expect(answer.statusCode).toBe(200);
    return MostPlayedSchema.parse(answer.json());
  };
  /** `visitors` listeners (one address each) start the episode in the site's player. */
  const listen = async (episodeId: number, visitors: number, from: number) => {
    for (let i = from; i < from + visitors; i++) {
      await beacon([{ kind: "play", episodeId, stage: "start" }], { "x-test-ip": `192.0.2.${i}` });
    }
    await t.app.insights.flush();
  };

  it("reports an empty window: every day with zeros, every app, nothing else", async () => {
    const empty = await report("?days=30");
    expect(empty.daily).toHaveLength(30);
    expect(empty.daily.every((day) => day.visitors === 0 && day.pageViews === 0)).toBe(true);
    expect([empty.from, empty.to]).toEqual(["2026-10-29", "2026-11-27"]);
    expect(empty.downloadsByApp.map((row) => row.downloads)).toEqual([0, 0, 0, 0, 0, 0, 0]);
    expect([empty.topPages, empty.referrers, empty.emptySearches, empty.playThrough]).toEqual([
      [],
      [],
      [],
      [],
    ]);
    // The seeded advertisements whose schedules overlap the window are listed, with no impressions yet.
    expect(empty.ads.every((ad) => ad.impressions === 0 && ad.clickRate === null)).toBe(true);
  });

  it("trending and most played stay empty with nothing counted, and below 10 visitors", async () => {
    const { slug, episode_id } = await lastEpisode();
    expect(await trending()).toEqual({ items: [] });
    expect(await mostPlayed(slug)).toEqual({ episodes: [] });
    await listen(episode_id, 9, 1);
    expect(await trending()).toEqual({ items: [] });
    expect(await mostPlayed(slug)).toEqual({ episodes: [] });
  });

  it("the beacon: 204, no cookie, counted; text/plain (sendBeacon's string) too", async () => {
    const [episode] = await t.app.db.select({ id: episodes.id }).from(episodes).limit(1);
    const answer = await beacon([
      { kind: "pageview", path: "/genres?sort=az", referrer: "https://www.example.org/some/page?q=secret" },
      { kind: "play", episodeId: episode?.id ?? 0, stage: "start" },
      { kind: "play", episodeId: episode?.id ?? 0, stage: "listened30" },
      { kind: "search-empty", term: "  Obscure   BAND " },
      { kind: "ad-impression", adId: 1 },
    ]);
    expect(answer.statusCode).toBe(204);
    expect(answer.body).toBe("");
    expect(answer.headers["set-cookie"]).toBeUndefined();
    const plain = await beacon(JSON.stringify([{ kind: "search-empty", term: "obscure band" }]), {
      "content-type": "text/plain;charset=UTF-8",
    });
    expect(plain.statusCode).toBe(204);
    expect(await counts("pageview")).toEqual([{ item: "/genres", count: 1 }]);
    expect(await counts("referrer")).toEqual([{ item: "example.org", count: 1 }]);
    expect(await counts("search-empty")).toEqual([{ item: "obscure band", count: 2 }]);
    expect(await counts("play-start")).toContainEqual({ item: String(episode?.id), count: 1 });
  });

  it("the beacon refuses a bad, empty or oversized batch (400/413) and counts nothing of it", async () => {
    const before = await counts("pageview");
    expect((await beacon([{ kind: "pageview", path: "https://evil.example/" }])).statusCode).toBe(400);
    expect((await beacon([{ kind: "nonsense" }])).statusCode).toBe(400);
    expect((await beacon("{not json", { "content-type": "text/plain" })).statusCode).toBe(400);
    expect((await beacon([])).statusCode).toBe(400);
    const tooMany = Array.from({ length: INSIGHT_BATCH_MAX + 1 }, () => ({ kind: "pageview", path: "/" }));
    expect((await beacon(tooMany)).statusCode).toBe(400);
    const huge = [
      { kind: "search-empty", term: "x" },
      { kind: "pageview", path: "/", referrer: "y".repeat(20_000) },
    ];
    expect((await beacon(huge)).statusCode).toBe(413);
    // Paths that are no page of the site are dropped (204, not counted).
    expect((await beacon([{ kind: "pageview", path: "/wp-admin/setup.php" }])).statusCode).toBe(204);
    expect(await counts("pageview")).toEqual(before);
  });

  it("DNT, GPC and bots get 204 and are not counted", async () => {
    const before = await counts("pageview");
    const view = [{ kind: "pageview", path: "/about" }];
    expect((await beacon(view, { dnt: "1" })).statusCode).toBe(204);
    expect((await beacon(view, { "sec-gpc": "1" })).statusCode).toBe(204);
    expect(
      (await beacon(view, { "user-agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" })).statusCode,
    ).toBe(204);
    expect(
      (await beacon(view, { "user-agent": BROWSER_UA.replace("Chrome/", "HeadlessChrome/") })).statusCode,
    ).toBe(204);
    expect(await counts("pageview")).toEqual(before);
  });

  it("the ad link's ping (text/ping, body PING) counts a click: 204", async () => {
    const ping = await t.app.inject({
      method: "POST",
      url: "/api/insights/ad-click/1",
      headers: fromSite({ "content-type": "text/ping", "user-agent": BROWSER_UA }),
      payload: "PING",
    });
    expect(ping.statusCode).toBe(204);
    expect(ping.headers["set-cookie"]).toBeUndefined();
    const bad = await t.app.inject({
      method: "POST",
      url: "/api/insights/ad-click/abc",
      headers: fromSite({ "content-type": "text/ping" }),
      payload: "PING",
    });
    expect(bad.statusCode).toBe(400);
    // Once per visitor, ad and day (issue 43): a visitor row, not an event count.
    await t.app.insights.flush();
    expect((await report()).ads.find((ad) => ad.adId === 1)).toMatchObject({ clicks: 1 });
    expect(await counts("ad-click")).toEqual([]);
  });

  it("counts a server-rendered page as served, cached or not, with its referrer's domain only", async () => {
    for (let i = 0; i < 2; i++) {
      const page = await t.app.inject({
        url: "/playlists?genre=jazz",
        headers: { "user-agent": BROWSER_UA, referer: "https://news.example.com/story/123" },
      });
      expect(page.statusCode).toBe(200);
    }
    expect(
      (await t.app.inject({ url: "/no-such-page", headers: { "user-agent": BROWSER_UA } })).statusCode,
    ).toBe(404);
    expect(await counts("pageview")).toContainEqual({ item: "/playlists", count: 2 });
    expect((await counts("pageview")).some((row) => row.item.includes("no-such"))).toBe(false);
    expect(await counts("referrer")).toContainEqual({ item: "news.example.com", count: 2 });
  });

  it("counts an episode download once its bytes cover the file, probes ignored, once per visitor a day", async () => {
    const [episode] = rowsOf<{ id: number; audio_url: string }>(
      await t.app.db.execute(
        sql`select id, audio_url from episodes where audio_url like '/media/podcasts/%' order by id limit 1`,
      ),
    );
    if (!episode) throw new Error("the seed has no episode with audio");
    const get = (range: string | undefined, ua = "Overcast/3.0 (+http://overcast.fm/; iOS podcast app)") =>
      t.app.inject({
        url: episode.audio_url,
        headers: { "user-agent": ua, ...(range && { range }) },
        remoteAddress: "198.51.100.7",
      });
    const downloads = async () =>
      (await report()).downloadsByApp
        .filter((row) => row.downloads > 0)
        .map((row) => [row.app, row.downloads]);
    expect((await get("bytes=0-1")).statusCode).toBe(206);
    const size = Number((await get("bytes=0-1")).headers["content-range"]?.toString().split("/")[1]);
    expect((await get("bytes=2-9999")).statusCode).toBe(206);
    await t.app.insights.flush();
    expect(await downloads()).toEqual([]);
    expect((await get(`bytes=10000-${size - 1}`)).statusCode).toBe(206);
    await t.app.insights.flush();
    // 0-1 was a probe: bytes 0 and 1 are not covered yet.
    expect(await downloads()).toEqual([]);
    expect((await get("bytes=0-100")).statusCode).toBe(206);
    await t.app.insights.flush();
    expect(await downloads()).toEqual([["overcast", 1]]);
    // The whole file again, the same visitor: still one. Another app (another visitor): two.
    expect((await get(undefined)).statusCode).toBe(200);
    expect((await get(undefined, "AntennaPod/3.4.0")).statusCode).toBe(200);
    await t.app.insights.flush();
    expect(await downloads()).toEqual([
      ["overcast", 1],
      ["antennapod", 1],
    ]);
    const full = await report();
    expect(full.topEpisodes[0]).toMatchObject({ episodeId: episode.id, downloads: 2 });
  });

  it("the report: 401 signed out, 400 for days other than 7/30/90, and the CSV as an attachment", async () => {
    expect((await t.app.inject({ url: "/api/admin/insights" })).statusCode).toBe(401);
    const bad = await t.app.inject({ url: "/api/admin/insights?days=14", headers: { cookie: editor } });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain("Choose 7, 30 or 90 days");
    const week = await report("?days=7");
    expect(week.daily).toHaveLength(7);
    expect(week.totals.pageViews).toBeGreaterThanOrEqual(3);
    expect(week.totals.visitors).toBeGreaterThanOrEqual(1);
    expect(week.emptySearches).toEqual([{ term: "obscure band", count: 2, lastSeen: week.to }]);
    const csv = await t.app.inject({ url: "/api/admin/insights.csv?days=90", headers: { cookie: editor } });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(csv.headers["content-disposition"]).toMatch(
      /^attachment; filename="insights-\d{4}-\d\d-\d\d-to-\d{4}-\d\d-\d\d\.csv"$/,
    );
    expect(csv.body).toContain("# Searches that found nothing\nterm,count,last seen\nobscure band,2,");
    expect(
      csv.body.split("\n").filter((line) => /^\d{4}-\d\d-\d\d,/.test(line)).length,
    ).toBeGreaterThanOrEqual(90);
    expect(
      (await t.app.inject({ url: "/api/admin/insights.csv?days=1", headers: { cookie: editor } })).statusCode,
    ).toBe(400);
    expect((await t.app.inject({ url: "/api/admin/insights.csv" })).statusCode).toBe(401);
  });

  it("trending and most played list what was seen once 10 or more visitors gave signals", async () => {
    const { slug, episode_id } = await lastEpisode();
    await listen(episode_id, 2, 100);
    // Read again once the minute each server keeps them for has passed.
    expect(await mostPlayed(slug)).toEqual({ episodes: [] });
    now += 61_000;
    const played = await mostPlayed(slug);
    expect(played.episodes[0]).toMatchObject({ id: episode_id, listeners: 11 });
    expect((await trending()).items).toContainEqual(
      expect.objectContaining({
        kind: "episode",
        id: episode_id,
        path: `/podcasts/${slug}/${episode_id}`,
        visitors: 11,
      }),
    );
    expect((await t.app.inject({ url: "/api/podcasts/shows/no-such-show/most-played" })).statusCode).toBe(
      404,
    );
  });
});

describe(`INSIGHTS=off (${testEngine})`, () => {
  it("answers the beacon 204 and counts nothing, served pages neither", async () => {
    const t = await createTestApp({ env: { INSIGHTS: "off" } });
    try {
      const headers = fromSite({ "content-type": "application/json", "user-agent": BROWSER_UA });
      const beacon = await t.app.inject({
        method: "POST",
        url: "/api/insights/events",
        headers,
        payload: JSON.stringify([{ kind: "pageview", path: "/about" }]),
      });
      expect(beacon.statusCode).toBe(204);
      expect((await t.app.inject({ url: "/about", headers: { "user-agent": BROWSER_UA } })).statusCode).toBe(
        200,
      );
      expect(await t.app.insights.flush()).toBe(0);
      const stored = rowsOf<{ n: number }>(
        await t.app.db.execute(
          sql`select (select count(*) from insight_counts) + (select count(*) from insight_visitors) as n`,
        ),
      );
      expect(Number(stored[0]?.n)).toBe(0);
    } finally {
      await t.close();
    }
  });
});
