import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "../db/client";
import { rateLimitHits } from "../db/schema";
import { countHit, hitBatcher, purgeRateLimitHits } from "../stores/rate-limit-store";
import { fromSite } from "../test/same-origin";
import { createTestApp, type TestApp } from "../test/test-app";
import { createTestDatabase, type TestDatabase, testEngine } from "../test/test-database";

const LIMIT = 3;
const ENV = {
  RATE_LIMIT_STORE: "database",
  NEWSLETTER_RATE_LIMIT_PER_MINUTE: String(LIMIT),
  TRUST_PROXY: "loopback",
};

/**
 * An invalid subscription: answered 400 by validation, or 429 first once the limit is reached.
 * The Host is PUBLIC_URL's default (loopback names are accepted from loopback connections only).
 */
const subscribe = (t: TestApp, headers: Record<string, string>, remoteAddress = "127.0.0.1") =>
  t.app.inject({
    method: "POST",
    url: "/api/newsletter/subscribe",
    payload: {},
    headers: fromSite({ host: "127.0.0.1:3000", ...headers }),
    remoteAddress,
  });
const from = (client: string) => ({ "x-forwarded-for": client });

describe(`rate limits in the database (${testEngine})`, () => {
  let database: TestDatabase;
  let second: DatabaseHandle;
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    database = await createTestDatabase();
    // Two servers: on PostgreSQL each with its own connection pool, on PGlite sharing the handle.
    second = database.config.kind === "postgres" ? await openDatabase(database.config) : database;
    a = await createTestApp({ database, env: ENV });
    b = await createTestApp({ database: second, env: ENV });
  });
  afterAll(async () => {
    await a?.app.close();
    await b?.app.close();
    if (second !== database) await second?.close();
    await database?.close();
  });

  it("holds across two servers: the configured rate in all, not per server", async () => {
    const answers: number[] = [];
    for (let n = 0; n < LIMIT + 2; n++)
      answers.push((await subscribe(n % 2 ? b : a, from("198.51.100.7"))).statusCode);
    expect(answers).toEqual([400, 400, 400, 429, 429]);
    const limited = await subscribe(a, from("198.51.100.7"));
    expect(limited.headers["retry-after"]).toMatch(/^\d+$/);
    expect(Number(limited.headers["retry-after"])).toBeLessThanOrEqual(60);
    // Another visitor behind the same proxy has a bucket of its own.
    expect((await subscribe(b, from("198.51.100.8"))).statusCode).toBe(400);
  });

  it("counts requests at once on both servers exactly", async () => {
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, n) => subscribe(n % 2 ? b : a, from("198.51.100.20"))),
    );
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes).toEqual([400, 400, 400, 429, 429, 429, 429, 429]);
  });

  it("keys IPv6 visitors by their /64 and IPv4-mapped addresses as IPv4", async () => {
    for (let n = 0; n < LIMIT; n++) await subscribe(a, from(`2001:db8:1:2::${n + 1}`));
    expect((await subscribe(b, from("2001:db8:1:2:ffff:ffff:ffff:ffff"))).statusCode).toBe(429);
    expect((await subscribe(b, from("2001:db8:1:3::1"))).statusCode).toBe(400);
    for (let n = 0; n < LIMIT; n++) await subscribe(a, from("192.0.2.44"));
    expect((await subscribe(b, from("::ffff:192.0.2.44"))).statusCode).toBe(429);
  });

  it("trusts X-Forwarded-For only from TRUST_PROXY's addresses", async () => {
    // A visitor connecting directly cannot pick its bucket: it is counted by its own address.
    const direct = "203.0.113.9";
    const answers: number[] = [];
    for (let n = 0; n < LIMIT + 1; n++)
      answers.push((await subscribe(n % 2 ? b : a, from(`198.51.100.${100 + n}`), direct)).statusCode);
    expect(answers).toEqual([400, 400, 400, 429]);
  });

  it("starts a new window once the last has ended, and purges ended rows", async () => {
    const counting = "test|counting";
    expect(await countHit(database.db, counting, 60_000)).toMatchObject({ current: 1 });
    const second = await countHit(database.db, counting, 60_000);
    expect(second.current).toBe(2);
    expect(second.ttl).toBeGreaterThan(0);
    expect(second.ttl).toBeLessThanOrEqual(60_000);
    const short = "test|short";
    expect(await countHit(database.db, short, 30)).toMatchObject({ current: 1 });
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(await countHit(database.db, short, 30)).toMatchObject({ current: 1 });
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(await purgeRateLimitHits(database.db)).toBeGreaterThanOrEqual(1);
    expect(await database.db.select().from(rateLimitHits).where(eq(rateLimitHits.key, short))).toEqual([]);
    const kept = await database.db.select().from(rateLimitHits).where(eq(rateLimitHits.key, counting));
    expect(kept).toHaveLength(1);
  });

  it("counts hits asked together in shared statements, each key's hits one by one, whatever the key holds", async () => {
    const count = hitBatcher(database.db);
    const other = hitBatcher(second.db); // another server, writing the same keys meanwhile
    const keys = ['test|batch "quoted"', "test|batch \\back,slash}", "test|batch plain"];
    const asked = Array.from({ length: 30 }, (_, n) => ({
      key: keys[n % keys.length] ?? "",
      answer: (n % 4 === 3 ? other : count)(keys[n % keys.length] ?? "", 60_000),
    }));
    const answers = await Promise.all(asked.map(({ answer }) => answer));
    for (const key of keys) {
      const counts = answers.filter((_, n) => asked[n]?.key === key).map((answer) => answer.current);
      expect(counts.sort((x, y) => x - y)).toEqual(Array.from({ length: 10 }, (_, n) => n + 1));
      const [row] = await database.db.select().from(rateLimitHits).where(eq(rateLimitHits.key, key));
      expect(row?.count).toBe(10);
    }
    for (const answer of answers) expect(answer.ttl).toBeGreaterThan(0);
    expect(await count("test|batch plain", 60_000)).toMatchObject({ current: 11 });
  });
});

describe(`rate limits in memory (${testEngine})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_STORE: "memory", NEWSLETTER_RATE_LIMIT_PER_MINUTE: "2" } });
  });
  afterAll(() => t?.close());

  it("counts in this process only, and writes no rows", async () => {
    const codes: number[] = [];
    for (let n = 0; n < 3; n++) codes.push((await subscribe(t, {}, "192.0.2.1")).statusCode);
    expect(codes).toEqual([400, 400, 429]);
    expect(await t.database.db.select().from(rateLimitHits)).toEqual([]);
  });
});
