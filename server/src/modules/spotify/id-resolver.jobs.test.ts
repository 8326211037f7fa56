import { setTimeout as sleep } from "node:timers/promises";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { openDatabase } from "../../db/client";
import { jobLeases, spotifyLookups } from "../../db/schema";
import { type FakeSpotify, startFakeSpotify } from "../../test/fake-spotify/fake-spotify";
import { createTestDatabase, type TestDatabase, testEngine } from "../../test/test-database";
import { ID_RESOLVER_JOB } from "./id-resolver";
import { resolverFor } from "./id-resolver.testing";

const SECRET = "fake-app-secret";

describe(`The Spotify id resolver's failures and its one-runner rule on ${testEngine}`, () => {
  let fake: FakeSpotify;
  let database: TestDatabase;
  const searches = () => fake.state.requests.filter((r) => r.path === "/v1/search");
  const lookups = async () => (await database.db.select().from(spotifyLookups)).length;

  beforeAll(async () => {
    fake = await startFakeSpotify({ clientSecret: SECRET });
  });
  beforeEach(async () => {
    database = await createTestDatabase({ seed: true });
    fake.control({ reset: true });
  });
  afterEach(() => database.close());
  afterAll(() => fake.close());

  it("pauses every runner for a 429's Retry-After, then carries on where it stopped", async () => {
    fake.control({ failNext: { status: 429, retryAfter: 1, skip: 3 } });
    const { resolver, lines } = resolverFor(fake, database.db, { secret: SECRET, batch: 10 });
    const first = await resolver.runOnce();
    expect(first).toMatchObject({ ran: true, pausedSeconds: 1, fromCache: 0 });
    if (!first.ran) return;
    expect(first.found + first.notFound).toBeGreaterThan(0);
    expect(first.found + first.notFound).toBeLessThan(10);
    // Nothing is recorded for the song that met the 429.
    expect(await lookups()).toBe(first.found + first.notFound);
    const refused = searches().at(-1)?.query.q;
    const searchesBefore = searches().length;
    expect(lines.filter((line) => line.level === "info" && /rate limited/.test(line.message))).toHaveLength(
      1,
    );

    // Paused: neither this runner nor another asks Spotify anything.
    const asked = fake.state.requests.length;
    const other = resolverFor(fake, database.db, { secret: SECRET, batch: 10 }).resolver;
    expect(await resolver.runOnce()).toEqual({ ran: false, reason: "waiting" });
    expect(await other.runOnce()).toEqual({ ran: false, reason: "waiting" });
    expect(fake.state.requests.length).toBe(asked);

    await sleep(1100);
    const second = await resolver.runOnce();
    expect(second).toMatchObject({ ran: true, pausedSeconds: 0 });
    if (!second.ran) return;
    expect(second.found + second.notFound).toBe(10);
    // It starts again with the song that met the 429 (asking with the field filters first).
    const [, title = "", artist = ""] =
      /^track:"(.*)" artist:"(.*)"$/.exec(searches()[searchesBefore]?.query.q ?? "") ?? [];
    expect(refused).toContain(title);
    expect(refused).toContain(artist);
    expect(await lookups()).toBe(first.found + first.notFound + 10);
  });

  it("logs refused client credentials once, stops asking, and does not crash", async () => {
    const wrong = resolverFor(fake, database.db, { secret: "not-the-secret" });
    expect(await wrong.resolver.runOnce()).toEqual({
      ran: true,
      found: 0,
      notFound: 0,
      fromCache: 0,
      pausedSeconds: 0,
    });
    expect(await wrong.resolver.runOnce()).toEqual({ ran: false, reason: "disabled" });
    const errors = wrong.lines.filter((line) => line.level === "error");
    expect(errors).toHaveLength(1);
    expect(errors[0]?.message).toMatch(/client credentials were refused/);
    expect(fake.state.requests.map((r) => r.path)).toEqual(["/api/token"]);
    expect(await lookups()).toBe(0);

    // It let go of the job: a runner with the right secret runs at once.
    const right = resolverFor(fake, database.db, { secret: SECRET, batch: 3 });
    expect(await right.resolver.runOnce()).toMatchObject({ ran: true });
    expect(await lookups()).toBe(3);
  });

  it("logs an outage once however many runs it lasts, and records nothing meanwhile", async () => {
    fake.control({ failNext: { status: 500, count: 2 } });
    const { resolver, lines } = resolverFor(fake, database.db, { secret: SECRET, batch: 3 });
    expect(await resolver.runOnce()).toMatchObject({ ran: true, found: 0, notFound: 0 });
    expect(await resolver.runOnce()).toMatchObject({ ran: true, found: 0, notFound: 0 });
    expect(lines.filter((line) => line.level === "warn")).toHaveLength(1);
    expect(await lookups()).toBe(0);
    expect(await resolver.runOnce()).toMatchObject({ ran: true });
    expect(await lookups()).toBe(3);
  });

  it("is run by one server at a time: a second runner on the same database waits", async () => {
    // On PostgreSQL the second runner has its own connection pool, as a second server would.
    const second = testEngine === "postgres" ? await openDatabase(database.config) : database;
    try {
      fake.control({ delayMs: 20 });
      const a = resolverFor(fake, database.db, { secret: SECRET, batch: 4 }).resolver;
      const b = resolverFor(fake, second.db, { secret: SECRET, batch: 4 }).resolver;
      const outcomes = await Promise.all([a.runOnce(), b.runOnce()]);
      expect(outcomes.filter((o) => o.ran)).toHaveLength(1);
      expect(outcomes.filter((o) => !o.ran)).toEqual([{ ran: false, reason: "waiting" }]);
      expect(await lookups()).toBe(4);

      // A lease another server holds blocks; one left by a server that died expires.
      await database.db
        .update(jobLeases)
        .set({ holder: "elsewhere", leaseUntil: sql`now() + interval '1 minute'` })
        .where(sql`${jobLeases.name} = ${ID_RESOLVER_JOB}`);
      expect(await a.runOnce()).toEqual({ ran: false, reason: "waiting" });
      await database.db
        .update(jobLeases)
        .set({ leaseUntil: sql`now() - interval '1 second'` })
        .where(sql`${jobLeases.name} = ${ID_RESOLVER_JOB}`);
      expect(await a.runOnce()).toMatchObject({ ran: true });
    } finally {
      if (second !== database) await second.close();
    }
  });
});
