import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import { insightSalts } from "../../db/schema";
import { fromSite } from "../../test/same-origin";
import { createTestApp, type TestApp } from "../../test/test-app";
import { createTestDatabase, type TestDatabase, testEngine } from "../../test/test-database";
import { DailySalts } from "./daily-salts";
import { InsightsBuffer } from "./insights-buffer";
import { rollUpInsights } from "./insights-rollup";
import { visitorHash } from "./visitor";

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
const chrome = (version: string) =>
  `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${version} Safari/537.36`;

async function countsOf(db: Database, metric: string) {
  return rowsOf<{ day: string; item: string; count: number }>(
    await db.execute(sql`select to_char(day, 'YYYY-MM-DD') as day, item, count::int as count
      from insight_counts where metric = ${metric} order by day, item`),
  );
}
async function visitorsOf(db: Database, metric: string) {
  return rowsOf<{ day: string; item: string; visitors: number }>(
    await db.execute(sql`select to_char(day, 'YYYY-MM-DD') as day, item, count(*)::int as visitors
      from insight_visitors where metric = ${metric} group by day, item order by day, item`),
  );
}

describe(`insights in the database (${testEngine})`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it("one salt per day for every server, made once even when asked at once; another day, another salt", async () => {
    const servers = [new DailySalts(database.db), new DailySalts(database.db), new DailySalts(database.db)];
    const salts = await Promise.all(
      servers.flatMap((server) => [server.ensure("2026-01-02"), server.ensure("2026-01-02")]),
    );
    expect(new Set(salts).size).toBe(1);
    const rows = await database.db.select().from(insightSalts);
    expect(rows.filter((row) => row.day === "2026-01-02")).toHaveLength(1);
    const next = await servers[0]?.ensure("2026-01-03");
    expect(next).not.toBe(salts[0]);
    expect(servers[1]?.get("2026-01-02")).toBe(salts[0]);
    servers[1]?.forgetBefore("2026-01-03");
    expect(servers[1]?.get("2026-01-02")).toBeUndefined();
  });

  it("a flush is one statement for both tables; a failed flush keeps its rows for the next", async () => {
    const buffer = new InsightsBuffer();
    for (let i = 0; i < 500; i++) {
      buffer.count("2026-01-02", "pageview", `/playlist/${i % 7}`);
      buffer.visit("2026-01-02", "site", "", `v${i % 50}`);
    }
    let statements = 0;
    let fail = true;
    const counting = new Proxy(database.db, {
      get(target, property, receiver) {
        if (property !== "execute") throw new Error(`a flush used db.${String(property)}`);
        return (query: Parameters<Database["execute"]>[0]) => {
          statements++;
          if (fail) {
            fail = false;
            return Promise.reject(new Error("the database is away"));
          }
          return Reflect.get(target, property, receiver).call(target, query);
        };
      },
    });
    await expect(buffer.flush(counting)).rejects.toThrow("the database is away");
    expect(buffer.size).toBe(57);
    buffer.count("2026-01-02", "pageview", "/playlist/0");
    expect(await buffer.flush(counting)).toBe(57);
    expect(statements).toBe(2);
    expect(buffer.size).toBe(0);
    const views = await countsOf(database.db, "pageview");
    expect(views.reduce((n, row) => n + row.count, 0)).toBe(501);
    expect(await visitorsOf(database.db, "site")).toEqual([{ day: "2026-01-02", item: "", visitors: 50 }]);
  });

  it("the rollup turns ended days' hashes into counts, deletes them and the ended days' salts, and adds late rows", async () => {
    const buffer = new InsightsBuffer();
    buffer.visit("2026-01-04", "site", "", "aaaa");
    buffer.visit("2026-01-04", "site", "", "bbbb");
    await buffer.flush(database.db);
    await new DailySalts(database.db).ensure("2026-01-04");
    // 00:05 on the 5th: within the grace, the 4th stays raw.
    const justAfter = Date.parse("2026-01-05T00:05:00Z");
    await new DailySalts(database.db).ensure("2026-01-05");
    expect(await rollUpInsights(database.db, justAfter)).toEqual(["2026-01-02"]);
    expect(await visitorsOf(database.db, "site")).toEqual([{ day: "2026-01-04", item: "", visitors: 2 }]);
    expect(await rollUpInsights(database.db, Date.parse("2026-01-05T00:30:00Z"))).toEqual(["2026-01-04"]);
    expect(await visitorsOf(database.db, "site")).toEqual([]);
    const uniques = rowsOf<{ day: string; visitors: number }>(
      await database.db.execute(
        sql`select to_char(day, 'YYYY-MM-DD') as day, visitors from insight_uniques where metric = 'site' order by day`,
      ),
    );
    expect(uniques).toEqual([
      { day: "2026-01-02", visitors: 50 },
      { day: "2026-01-04", visitors: 2 },
    ]);
    expect((await database.db.select().from(insightSalts)).map((row) => row.day)).toEqual(["2026-01-05"]);
    // A server that flushes the 4th late: its visitor is added.
    buffer.visit("2026-01-04", "site", "", "cccc");
    await buffer.flush(database.db);
    await rollUpInsights(database.db, Date.parse("2026-01-05T01:00:00Z"));
    const after = rowsOf<{ visitors: number }>(
      await database.db.execute(
        sql`select visitors from insight_uniques where metric = 'site' and day = '2026-01-04'`,
      ),
    );
    expect(after).toEqual([{ visitors: 3 }]);
  });
});

describe(`three servers on one ${testEngine} database`, () => {
  let database: TestDatabase;
  const servers: TestApp[] = [];
  beforeAll(async () => {
    database = await createTestDatabase({ seed: true });
    for (let i = 0; i < 3; i++) {
      servers.push(await createTestApp({ database, env: { INSIGHTS_FLUSH_MS: "600000" } }));
    }
    await Promise.all(servers.map((server) => server.app.ready()));
  });
  afterAll(async () => {
    for (const server of servers) await server.app.close();
    await database.close();
  });

  it("count exactly what was sent, each visitor once a day whichever server saw them", async () => {
    const paths = ["/", "/playlists", "/genres", "/about", "/podcasts"];
    const sent = new Map<string, number>();
    const visitors = new Set<string>();
    const requests = [];
    for (let i = 0; i < 300; i++) {
      const server = servers[i % 3];
      const path = paths[i % paths.length] ?? "/";
      const visitor = i % 40; // 40 visitors, each on several servers
      visitors.add(String(visitor));
      sent.set(path, (sent.get(path) ?? 0) + 1);
      requests.push(
        server?.app.inject({
          method: "POST",
          url: "/api/insights/events",
          headers: fromSite({
            "content-type": "application/json",
            "user-agent": chrome(`131.0.0.${visitor}`),
          }),
          remoteAddress: `10.1.0.${visitor}`,
          payload: JSON.stringify([{ kind: "pageview", path }]),
        }),
      );
    }
    const answers = await Promise.all(requests);
    expect(answers.every((answer) => answer?.statusCode === 204)).toBe(true);
    // Each server's counts are in memory until it flushes; the three flush at once.
    await Promise.all(servers.map((server) => server.app.insights.flush()));
    const views = await countsOf(database.db, "pageview");
    expect(Object.fromEntries(views.map((row) => [row.item, row.count]))).toEqual(Object.fromEntries(sent));
    const site = await visitorsOf(database.db, "site");
    expect(site.map((row) => row.visitors)).toEqual([visitors.size]);
  });
});

describe(`the privacy scan (${testEngine})`, () => {
  let t: TestApp;
  let now = Date.parse("2026-11-26T12:00:00Z");
  const ip = "198.51.100.173";
  const userAgent = chrome("131.0.6778.4242");
  beforeAll(async () => {
    t = await createTestApp({ seed: true, insightsClock: () => now, env: { INSIGHTS_FLUSH_MS: "600000" } });
    await t.app.ready();
  });
  afterAll(() => t.close());

  /** Every row of every table in the schema whose text holds `needle`, as "table.column". */
  async function findEverywhere(needle: string): Promise<string[]> {
    const columns = rowsOf<{ table_name: string; column_name: string }>(
      await t.app.db.execute(sql`select table_name, column_name from information_schema.columns
        where table_schema = 'public' and table_name in (
          select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE')
        order by table_name, ordinal_position`),
    );
    expect(columns.length).toBeGreaterThan(50);
    const found: string[] = [];
    for (const { table_name, column_name } of columns) {
      const [row] = rowsOf<{ n: number }>(
        await t.app.db.execute(
          sql`select count(*)::int as n from ${sql.identifier(table_name)} where position(${needle} in ${sql.identifier(column_name)}::text) > 0`,
        ),
      );
      if ((row?.n ?? 0) > 0) found.push(`${table_name}.${column_name}`);
    }
    return found;
  }

  it("after a day's rollup no table holds the visitor's address, browser, hash or the day's salt", async () => {
    const headers = { "user-agent": userAgent, referer: "https://elsewhere.example/from" };
    expect((await t.app.inject({ url: "/playlists", headers, remoteAddress: ip })).statusCode).toBe(200);
    const beacon = await t.app.inject({
      method: "POST",
      url: "/api/insights/events",
      headers: fromSite({ ...headers, "content-type": "application/json" }),
      remoteAddress: ip,
      payload: JSON.stringify([
        { kind: "pageview", path: "/genres", referrer: "https://elsewhere.example/x" },
        { kind: "search-empty", term: "nothing here" },
      ]),
    });
    expect(beacon.statusCode).toBe(204);
    const [episode] = rowsOf<{ audio_url: string }>(
      await t.app.db.execute(sql`select audio_url from episodes where audio_url like '/media/%' limit 1`),
    );
    expect(
      (await t.app.inject({ url: episode?.audio_url ?? "", headers, remoteAddress: ip })).statusCode,
    ).toBe(200);
    await t.app.insights.flush();
    const [salt] = await t.app.db.select().from(insightSalts).where(sql`day = '2026-11-26'`);
    if (!salt) throw new Error("no salt for the day");
    const hash = visitorHash(salt.salt, "127.0.0.1:3000", ip, userAgent);
    // During the day the hash is there (so the scan can find it), the address and browser never are.
    expect(await findEverywhere(hash)).toEqual(["insight_visitors.visitor"]);
    expect(await findEverywhere(ip)).toEqual([]);
    expect(await findEverywhere(userAgent)).toEqual([]);

    now = Date.parse("2026-11-27T01:00:00Z");
    await t.app.insights.recorder.prepare();
    expect(await t.app.runDueJobs()).toContain("insights-rollup");
    for (const needle of [hash, ip, userAgent, "6778.4242", salt.salt]) {
      expect(await findEverywhere(needle), needle).toEqual([]);
    }
    const report = await t.app.insights.repository.report(7, now);
    expect(report.daily.find((day) => day.day === "2026-11-26")).toMatchObject({
      visitors: 1,
      pageViews: 2,
      downloads: 1,
    });
    expect(report.referrers).toEqual([{ domain: "elsewhere.example", visits: 2 }]);
  });
});
