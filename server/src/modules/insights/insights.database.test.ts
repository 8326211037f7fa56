import { readFileSync } from "node:fs";
import { join } from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import { insightSalts } from "../../db/schema";
import { migrationsFolder } from "../../paths";
import { fromSite } from "../../test/same-origin";
import { createTestApp, type TestApp } from "../../test/test-app";
import { createTestDatabase, type TestDatabase, testEngine } from "../../test/test-database";
import { DAY_MS, DailySalts } from "./daily-salts";
import { InsightsBuffer, METRIC, UNIQUE_CODE } from "./insights-buffer";
import { InsightsRecorder } from "./insights-recorder";
import { rollUpInsights } from "./insights-rollup";
import { EMPTY_CATALOGUE, KnownCatalogueSource } from "./known-catalogue";
import { rawUniques } from "./raw-uniques";
import { visitorAsBigint, visitorFromBigint, visitorHash } from "./visitor";

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
const chrome = (version: string) =>
  `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${version} Safari/537.36`;

async function countsOf(db: Database, metric: string) {
  return rowsOf<{ day: string; item: string; count: number }>(
    await db.execute(sql`select to_char(day, 'YYYY-MM-DD') as day, item, count::int as count
      from insight_counts where metric = ${metric} order by day, item`),
  );
}
/** Unique visitors per day and item from the raw rows, as the report and the rollup count them. */
async function visitorsOf(db: Database, metric: string) {
  const raw = rawUniques(db, () => undefined).as("raw");
  return db
    .select({ day: raw.day, item: raw.item, visitors: raw.visitors })
    .from(raw)
    .where(eq(raw.metric, metric))
    .orderBy(raw.day, raw.item);
}
/** A visitor hash (16 hex digits) of a number. */
const hex = (n: number) => n.toString(16).padStart(16, "0");

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
      buffer.visit("2026-01-02", UNIQUE_CODE.page, "/", hex(i % 50));
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

  it("a flush keeps any item and every 64-bit visitor intact through its array parameters", async () => {
    const items = ['a,"b"\\{c} d', "NULL", "", "{}", "é ü 🎵", "x".repeat(300)];
    const visitors = ["0000000000000000", "7fffffffffffffff", "8000000000000000", "ffffffffffffffff"];
    const buffer = new InsightsBuffer();
    for (const item of items) {
      buffer.count("2026-01-03", "search-empty", item);
      for (const visitor of visitors) buffer.visit("2026-01-03", UNIQUE_CODE.listener, item, visitor);
    }
    expect(await buffer.flush(database.db)).toBe(items.length * (1 + visitors.length));
    const counted = rowsOf<{ item: string; count: number }>(
      await database.db.execute(
        sql`select item, count::int as count from insight_counts where day = '2026-01-03' order by item`,
      ),
    );
    expect(counted).toEqual([...items].sort().map((item) => ({ item, count: 1 })));
    const stored = rowsOf<{ item: string; metric: number; visitor: string }>(
      await database.db.execute(
        sql`select item, metric, visitor::text as visitor from insight_visitors where day = '2026-01-03'`,
      ),
    );
    expect(stored).toHaveLength(items.length * visitors.length);
    expect(new Set(stored.map((row) => row.metric))).toEqual(new Set([UNIQUE_CODE.listener]));
    expect(new Set(stored.map((row) => row.item))).toEqual(new Set(items));
    expect(new Set(stored.map((row) => row.visitor))).toEqual(
      new Set(["0", "9223372036854775807", "-9223372036854775808", "-1"]),
    );
    expect(new Set(stored.map((row) => visitorFromBigint(row.visitor)))).toEqual(new Set(visitors));
    await database.db.execute(sql`delete from insight_visitors where day = '2026-01-03'`);
  });

  it("the rollup turns ended days' hashes into counts, deletes them and the ended days' salts, and adds late rows", async () => {
    const buffer = new InsightsBuffer();
    // Two visitors; one saw two pages (one visitor of the site, one of each page).
    buffer.visit("2026-01-04", UNIQUE_CODE.page, "/", hex(0xaaaa));
    buffer.visit("2026-01-04", UNIQUE_CODE.page, "/about", hex(0xaaaa));
    buffer.visit("2026-01-04", UNIQUE_CODE.page, "/", hex(0xbbbb));
    buffer.visit("2026-01-04", UNIQUE_CODE.download, "7:spotify", hex(0xbbbb));
    await buffer.flush(database.db);
    await new DailySalts(database.db).ensure("2026-01-04");
    // 00:05 on the 5th: within the grace, the 4th stays raw.
    const justAfter = Date.parse("2026-01-05T00:05:00Z");
    await new DailySalts(database.db).ensure("2026-01-05");
    expect(await rollUpInsights(database.db, justAfter)).toEqual(["2026-01-02"]);
    expect(await visitorsOf(database.db, "site")).toEqual([{ day: "2026-01-04", item: "", visitors: 2 }]);
    expect(await rollUpInsights(database.db, Date.parse("2026-01-05T00:30:00Z"))).toEqual(["2026-01-04"]);
    expect(await visitorsOf(database.db, "site")).toEqual([]);
    const uniques = rowsOf<{ day: string; metric: string; item: string; visitors: number }>(
      await database.db.execute(
        sql`select to_char(day, 'YYYY-MM-DD') as day, metric, item, visitors from insight_uniques order by day, metric, item`,
      ),
    );
    expect(uniques).toEqual([
      { day: "2026-01-02", metric: "page", item: "/", visitors: 50 },
      { day: "2026-01-02", metric: "site", item: "", visitors: 50 },
      { day: "2026-01-04", metric: "download", item: "7:spotify", visitors: 1 },
      { day: "2026-01-04", metric: "page", item: "/", visitors: 2 },
      { day: "2026-01-04", metric: "page", item: "/about", visitors: 1 },
      { day: "2026-01-04", metric: "site", item: "", visitors: 2 },
      // What trending reads (issue 43): each visitor once a day per playlist, show or episode.
      { day: "2026-01-04", metric: "subject", item: "episode:7", visitors: 1 },
    ]);
    expect((await database.db.select().from(insightSalts)).map((row) => row.day)).toEqual(["2026-01-05"]);
    // A server that flushes the 4th late: its visitor is added.
    buffer.visit("2026-01-04", UNIQUE_CODE.page, "/", hex(0xcccc));
    await buffer.flush(database.db);
    await rollUpInsights(database.db, Date.parse("2026-01-05T01:00:00Z"));
    const after = rowsOf<{ visitors: number }>(
      await database.db.execute(
        sql`select visitors from insight_uniques where metric = 'site' and day = '2026-01-04'`,
      ),
    );
    expect(after).toEqual([{ visitors: 3 }]);
  });

  it("migration 0022 converts the old table's rows: hex → bigint, names → codes, the site's rows dropped", async () => {
    const statements = (file: string) =>
      readFileSync(join(migrationsFolder, file), "utf8")
        .split("--> statement-breakpoint")
        .map((statement) => statement.trim());
    const oldTable = statements("0020_insights.sql").find((s) =>
      s.startsWith('CREATE TABLE "insight_visitors"'),
    );
    if (!oldTable) throw new Error("0020 has no insight_visitors");
    const db = database.db;
    await db.execute(sql`drop table insight_visitors`);
    await db.execute(sql.raw(oldTable));
    await db.execute(sql`insert into insight_visitors (day, metric, item, visitor) values
      ('2026-01-06', 'site', '', '8000000000000000'),
      ('2026-01-06', 'page', '/', '8000000000000000'),
      ('2026-01-06', 'page', '/', 'ffffffffffffffff'),
      ('2026-01-06', 'listener', '12', '0000000000000000'),
      ('2026-01-06', 'download', '12:overcast', '7fffffffffffffff')`);
    for (const statement of statements("0022_insight_visitors_narrow.sql"))
      await db.execute(sql.raw(statement));
    const rows = rowsOf<{ visitor: string; metric: number; item: string }>(
      await db.execute(
        sql`select visitor::text as visitor, metric, item from insight_visitors order by metric, insight_visitors.visitor`,
      ),
    );
    expect(rows).toEqual([
      { visitor: "-9223372036854775808", metric: UNIQUE_CODE.page, item: "/" },
      { visitor: "-1", metric: UNIQUE_CODE.page, item: "/" },
      { visitor: "0", metric: UNIQUE_CODE.listener, item: "12" },
      { visitor: "9223372036854775807", metric: UNIQUE_CODE.download, item: "12:overcast" },
    ]);
    // What the code stores for those hashes is what the migration made of them.
    expect(rows.map((row) => visitorFromBigint(row.visitor))).toEqual([
      "8000000000000000",
      "ffffffffffffffff",
      "0000000000000000",
      "7fffffffffffffff",
    ]);
    expect(await visitorsOf(db, "site")).toEqual([{ day: "2026-01-06", item: "", visitors: 2 }]);
    // The table is as the schema says: a flush writes to it.
    const buffer = new InsightsBuffer();
    buffer.visit("2026-01-06", UNIQUE_CODE.page, "/", "ffffffffffffffff");
    buffer.visit("2026-01-06", UNIQUE_CODE.page, "/about", "0000000000000001");
    await buffer.flush(db);
    expect(await visitorsOf(db, "site")).toEqual([{ day: "2026-01-06", item: "", visitors: 3 }]);
    await db.execute(sql`delete from insight_visitors`);
  });

  it("a recorder formats its day once and changes it at midnight UTC, whichever way its clock moves", async () => {
    let now = Date.parse("2026-01-08T23:59:59.999Z");
    const recorder = new InsightsRecorder({
      db: database.db,
      site: "club.example",
      log: { warn: () => undefined } as never,
      now: () => now,
      known: new KnownCatalogueSource(async () => EMPTY_CATALOGUE),
    });
    await recorder.prepare();
    const visit = { ip: "203.0.113.5", headers: { "user-agent": chrome("131.0.0.1") } };
    recorder.pageView(visit, "/about");
    now += 1; // 2026-01-09T00:00:00.000Z
    recorder.pageView(visit, "/about");
    recorder.pageView(visit, "/about");
    now -= DAY_MS; // back to the 8th
    recorder.pageView(visit, "/about");
    now += 2 * DAY_MS - 1; // the last millisecond of the 9th
    recorder.pageView(visit, "/about");
    await new Promise((resolve) => setTimeout(resolve, 50)); // the 10th's salt, made ready meanwhile
    await recorder.flush();
    expect((await countsOf(database.db, METRIC.pageView)).filter((row) => row.item === "/about")).toEqual([
      { day: "2026-01-08", item: "/about", count: 2 },
      { day: "2026-01-09", item: "/about", count: 3 },
    ]);
    // Another day, another salt: the visitor's rows of the two days do not share a hash.
    const hashes = rowsOf<{ day: string; visitor: string }>(
      await database.db.execute(sql`select to_char(day, 'YYYY-MM-DD') as day, visitor::text as visitor
        from insight_visitors where item = '/about' order by day`),
    );
    expect(hashes.map((row) => row.day)).toEqual(["2026-01-08", "2026-01-09"]);
    expect(hashes[0]?.visitor).not.toBe(hashes[1]?.visitor);
    await database.db.execute(sql`delete from insight_visitors where item = '/about'`);
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
    // The hash as stored: its 64 bits as a signed bigint (the scan reads every column as text).
    const stored = visitorAsBigint(hash);
    // During the day the hash is there (so the scan can find it), the address and browser never are.
    expect(await findEverywhere(stored)).toEqual(["insight_visitors.visitor"]);
    expect(await findEverywhere(hash)).toEqual([]);
    expect(await findEverywhere(ip)).toEqual([]);
    expect(await findEverywhere(userAgent)).toEqual([]);

    now = Date.parse("2026-11-27T01:00:00Z");
    await t.app.insights.recorder.prepare();
    expect(await t.app.runDueJobs()).toContain("insights-rollup");
    for (const needle of [stored, hash, ip, userAgent, "6778.4242", salt.salt]) {
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
