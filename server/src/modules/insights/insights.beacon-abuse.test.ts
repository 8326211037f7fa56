import { InsightsReportSchema, TrendingSchema } from "@waveform/contracts/insights";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { consoleCookie } from "../../test/console-session";
import { fromSite } from "../../test/same-origin";
import { createTestApp, type TestApp } from "../../test/test-app";
import { testEngine } from "../../test/test-database";
import { DAY_MS } from "./daily-salts";
import { rollUpInsights } from "./insights-rollup";

const BROWSER_UA =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * Issue 43 items 3–5: what one client can make the counts say. Each test uses addresses of its own
 * (the beacon's budget is per address).
 */
describe(`the insights beacon against rigging and floods (${testEngine})`, () => {
  let t: TestApp;
  let editor: string;
  let now = Date.parse("2026-11-27T12:00:00Z");
  let episode: { slug: string; id: number; otherSlug: string };
  beforeAll(async () => {
    t = await createTestApp({ seed: true, insightsClock: () => now, env: { INSIGHTS_FLUSH_MS: "600000" } });
    await t.app.ready();
    editor = await consoleCookie(t.app, "editor");
    const [row] = rowsOf<{ slug: string; id: number; other_slug: string }>(
      await t.app.db.execute(sql`
        select p.slug, e.id, (select slug from podcasts where id <> p.id order by id limit 1) as other_slug
        from podcasts p join episodes e on e.podcast_id = p.id order by e.id limit 1`),
    );
    if (!row) throw new Error("no episode in the seed");
    episode = { slug: row.slug, id: row.id, otherSlug: row.other_slug };
  });
  afterAll(() => t.close());

  const beacon = (body: unknown, ip: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: "POST",
      url: "/api/insights/events",
      headers: fromSite({ "content-type": "application/json", "user-agent": BROWSER_UA, ...headers }),
      remoteAddress: ip,
      payload: JSON.stringify(body),
    });
  const ping = (adId: number, ip: string) =>
    t.app.inject({
      method: "POST",
      url: `/api/insights/ad-click/${adId}`,
      headers: fromSite({ "content-type": "text/ping", "user-agent": BROWSER_UA }),
      remoteAddress: ip,
      payload: "PING",
    });
  const items = async (table: "insight_counts" | "insight_visitors", metric: string | number) => {
    await t.app.insights.flush();
    return rowsOf<{ item: string }>(
      await t.app.db.execute(
        table === "insight_counts"
          ? sql`select distinct item from insight_counts where metric = ${String(metric)} order by item`
          : sql`select distinct item from insight_visitors where metric = ${Number(metric)} order by item`,
      ),
    ).map((row) => row.item);
  };
  const episodeVisitors = async () => {
    now += 61_000; // past the minute trending is kept for
    const answer = await t.app.inject({ url: "/api/insights/trending" });
    const found = TrendingSchema.parse(answer.json()).items.find(
      (item) => item.kind === "episode" && item.id === episode.id,
    );
    return found?.visitors ?? 0;
  };
  const report = async () => {
    const answer = await t.app.inject({ url: "/api/admin/insights", headers: { cookie: editor } });
    expect(answer.statusCode, answer.body).toBe(200);
    return InsightsReportSchema.parse(answer.json());
  };

  it("item 3: counts a view only of a page that exists, under its real path; a visitor moves trending by one a day", async () => {
    const path = `/podcasts/${episode.slug}/${episode.id}`;
    const madeUp = [
      `/podcasts/fake-k/${episode.id}`,
      `/podcasts/${episode.otherSlug}/${episode.id}`,
      `/podcasts/${episode.slug}/999999`,
      "/podcasts/no-such-show",
      "/playlist/999999",
      "/newsletter/issues/no-such-issue",
      "/genres/no-such-genre",
    ];
    expect(
      (
        await beacon(
          [...madeUp, "/about"].map((p) => ({ kind: "pageview", path: p })),
          "10.3.0.1",
        )
      ).statusCode,
    ).toBe(204);
    const viewed = await items("insight_counts", "pageview");
    for (const p of madeUp) expect(viewed, p).not.toContain(p);
    expect(viewed).toContain("/about");

    // Ten listeners (one address each) put the episode in trending.
    for (let i = 1; i <= 10; i++)
      await beacon([{ kind: "play", episodeId: episode.id, stage: "start" }], `10.3.1.${i}`);
    await t.app.insights.flush();
    expect(await episodeVisitors()).toBe(10);

    // One address and browser: its page under every spelling, made-up shows, plays, many times.
    const rigging = [
      { kind: "pageview", path },
      { kind: "pageview", path: `${path}/` },
      { kind: "pageview", path: `${path}?x=1` },
      ...Array.from({ length: 12 }, (_, i) => ({
        kind: "pageview",
        path: `/podcasts/fake-${i}/${episode.id}`,
      })),
      { kind: "play", episodeId: episode.id, stage: "start" },
    ];
    for (let i = 0; i < 5; i++) expect((await beacon(rigging, "10.3.2.1")).statusCode).toBe(204);
    // And the same visitor's server-rendered view of the page.
    await t.app.inject({ url: path, headers: { "user-agent": BROWSER_UA }, remoteAddress: "10.3.2.1" });
    await t.app.insights.flush();
    expect(await episodeVisitors()).toBe(11);
    expect((await items("insight_counts", "pageview")).filter((p) => p.includes(`/${episode.id}`))).toEqual([
      path,
    ]);

    // The next day the rollup keeps one visitor per subject and day.
    now += DAY_MS;
    await rollUpInsights(t.app.db, now);
    expect(await episodeVisitors()).toBe(11);
  });

  it("item 5: ads count once per visitor, ad and day; unknown ads and episodes are not stored", async () => {
    const ads = rowsOf<{ id: number }>(
      await t.app.db.execute(sql`select id from advertisements order by id`),
    );
    const adId = ads[0]?.id ?? 0;
    const before = (await report()).ads.find((ad) => ad.adId === adId);
    for (let i = 0; i < 3; i++)
      await beacon(
        Array.from({ length: 20 }, () => ({ kind: "ad-impression", adId })),
        "10.5.0.1",
      );
    for (let i = 0; i < 10; i++) await ping(adId, "10.5.0.1");
    await beacon([{ kind: "ad-impression", adId }], "10.5.0.2");
    await t.app.insights.flush();
    const after = (await report()).ads.find((ad) => ad.adId === adId);
    expect(after?.impressions).toBe((before?.impressions ?? 0) + 2);
    expect(after?.clicks).toBe((before?.clicks ?? 0) + 1);

    await beacon(
      [
        { kind: "ad-impression", adId: 987_654 },
        { kind: "ad-click", adId: 987_654 },
        { kind: "play", episodeId: 987_654, stage: "start" },
        { kind: "play", episodeId: 987_654, stage: "listened30" },
      ],
      "10.5.0.3",
    );
    expect((await ping(987_654, "10.5.0.3")).statusCode).toBe(204);
    await t.app.insights.flush();
    const stored = rowsOf<{ n: number }>(
      await t.app.db.execute(sql`select (select count(*) from insight_counts where item like '987654%')
        + (select count(*) from insight_visitors where item like '987654%') as n`),
    );
    expect(Number(stored[0]?.n)).toBe(0);
  });

  it("item 4: an address has a budget of beacons", async () => {
    let refused = 0;
    for (let i = 0; i < 130; i++)
      if ((await beacon([{ kind: "search-empty", term: `flood ${i % 3}` }], "10.4.0.1")).statusCode === 429)
        refused++;
    expect(refused).toBeGreaterThan(0);
    // Another address is not held back.
    expect((await beacon([{ kind: "search-empty", term: "flood 0" }], "10.4.0.2")).statusCode).toBe(204);
  });

  it("item 4: a visitor has a cap of made-up items (search terms, referrer domains) a day", async () => {
    const termsBefore = (await items("insight_counts", "search-empty")).length;
    for (let i = 0; i < 5; i++)
      await beacon(
        Array.from({ length: 20 }, (_, j) => ({ kind: "search-empty", term: `made up ${i} ${j}` })),
        "10.4.1.1",
      );
    await beacon(
      Array.from({ length: 20 }, (_, j) => ({
        kind: "pageview",
        path: "/about",
        referrer: `https://made-up-${j}.example/`,
      })),
      "10.4.1.1",
    );
    const terms = (await items("insight_counts", "search-empty")).length - termsBefore;
    const domains = (await items("insight_counts", "referrer")).filter((d) => d.startsWith("made-up-"));
    expect(terms + domains.length).toBeLessThanOrEqual(20);
    // Another visitor's term still counts.
    await beacon([{ kind: "search-empty", term: "a real miss" }], "10.4.1.2");
    expect(await items("insight_counts", "search-empty")).toContain("a real miss");
  });

  it("item 4: the rollup keeps raw rows for the report's longest window, then only each day's totals", async () => {
    const old = "2026-01-02";
    await t.app.db.execute(sql`
      insert into insight_counts (day, metric, item, count) values
        (${old}, 'pageview', '/about', 3), (${old}, 'pageview', '/playlists', 4),
        (${old}, 'search-empty', 'made up term', 5), (${old}, 'referrer', 'made-up.example', 6)`);
    await t.app.db.execute(sql`
      insert into insight_uniques (day, metric, item, visitors) values
        (${old}, 'site', '', 7), (${old}, 'page', '/about', 3), (${old}, 'page', '/playlists', 4),
        (${old}, 'download', '12:spotify', 2), (${old}, 'download', '13:spotify', 1)`);
    await rollUpInsights(t.app.db, now);
    const counts = rowsOf<{ metric: string; item: string; count: number }>(
      await t.app.db.execute(sql`select metric, item, count::int as count from insight_counts
        where day = ${old}::date order by metric, item`),
    );
    expect(counts).toEqual([
      { metric: "pageview", item: "", count: 7 },
      { metric: "referrer", item: "", count: 6 },
      { metric: "search-empty", item: "", count: 5 },
    ]);
    const uniques = rowsOf<{ metric: string; item: string; visitors: number }>(
      await t.app.db.execute(sql`select metric, item, visitors from insight_uniques
        where day = ${old}::date order by metric, item`),
    );
    expect(uniques).toEqual([
      { metric: "download", item: "0:spotify", visitors: 3 },
      { metric: "page", item: "", visitors: 7 },
      { metric: "site", item: "", visitors: 7 },
    ]);
    // Today's rows are kept as they are.
    expect(await items("insight_counts", "pageview")).toContain("/about");
  });
});
