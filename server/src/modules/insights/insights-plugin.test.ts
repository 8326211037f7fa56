import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../../test/test-app";
import { createTestDatabase, type TestDatabase, testEngine } from "../../test/test-database";

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
const BROWSER =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

describe(`INSIGHTS=off after days with it on (${testEngine})`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase({ seed: true });
  });
  afterAll(() => database.close());

  const left = async () =>
    rowsOf<{ salts: number; visitors: number }>(
      await database.db.execute(sql`select (select count(*)::int from insight_salts) as salts,
        (select count(*)::int from insight_visitors) as visitors`),
    )[0];

  it("still deletes the ended days' salts and visitor hashes (rolled up into totals)", async () => {
    let now = Date.parse("2026-11-26T12:00:00Z");
    const on = await createTestApp({
      database,
      insightsClock: () => now,
      env: { INSIGHTS_FLUSH_MS: "600000" },
    });
    await on.app.ready();
    const page = await on.app.inject({
      url: "/playlists",
      headers: { "user-agent": BROWSER },
      remoteAddress: "198.51.100.7",
    });
    expect(page.statusCode).toBe(200);
    await on.app.insights.flush();
    const during = await left();
    expect(during?.salts).toBeGreaterThan(0);
    expect(during?.visitors).toBeGreaterThan(0);
    await on.app.close();

    // The next days the club runs with counting off.
    now = Date.parse("2026-11-28T09:00:00Z");
    const off = await createTestApp({
      database,
      insightsClock: () => now,
      env: { INSIGHTS: "off", INSIGHTS_FLUSH_MS: "600000" },
    });
    await off.app.ready();
    expect(off.app.insights.enabled).toBe(false);
    expect(await off.app.runDueJobs()).toContain("insights-rollup");
    expect(await left()).toEqual({ salts: 0, visitors: 0 });
    // What was counted is kept, as totals.
    const report = await off.app.insights.repository.report(7, now);
    expect(report.daily.find((day) => day.day === "2026-11-26")).toMatchObject({ visitors: 1, pageViews: 1 });
    // Off, it makes no salt of its own.
    expect(await left()).toEqual({ salts: 0, visitors: 0 });
    await off.app.close();
  });
});
