import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions } from "../db/schema";
import { createSessionStore, newSessionId, sessionRowId } from "../stores/session-store";
import { createTestDatabase, type TestDatabase, testEngine } from "../test/test-database";

const DAY = 86_400_000;
const lifetimes = { idleMs: 30 * DAY, absoluteMs: 90 * DAY };

describe(`session store on ${testEngine}`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  const rowOf = async (id: string) => {
    const [row] = await database.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, sessionRowId(id)));
    return row;
  };
  const age = (id: string, column: "created_at" | "expires_at", days: number) =>
    database.db.execute(
      sql`update sessions set ${sql.raw(column)} = now() + make_interval(days => ${days}) where id = ${sessionRowId(id)}`,
    );

  it("makes 256-bit random ids and keys rows by their hash", async () => {
    const id = newSessionId();
    expect(Buffer.from(id, "base64url")).toHaveLength(32);
    expect(newSessionId()).not.toBe(id);
    const store = createSessionStore(database.db, lifetimes);
    await store.put(id, { a: 1 });
    expect((await rowOf(id))?.id).toBe(sessionRowId(id));
    expect(await store.get(id)).toEqual({ a: 1 });
    await store.put(id, { a: 2 });
    expect(await store.get(id)).toEqual({ a: 2 });
    await store.delete(id);
    expect(await store.get(id)).toBeNull();
  });

  it("ignores sessions idle past the sliding lifetime and purges them", async () => {
    const store = createSessionStore(database.db, lifetimes);
    const live = newSessionId();
    const old = newSessionId();
    await store.put(live, { live: true });
    await store.put(old, { live: false });
    await age(old, "expires_at", -1);
    expect(await store.get(old)).toBeNull();
    expect(await store.purgeExpired()).toBe(1);
    expect(await store.get(live)).toEqual({ live: true });
    expect(await rowOf(old)).toBeUndefined();
    await store.delete(live);
  });

  it("sets the expiry 30 days ahead on every write", async () => {
    const store = createSessionStore(database.db, lifetimes);
    const id = newSessionId();
    const expiresAt = await store.put(id, {});
    const stored = (await rowOf(id))?.expiresAt.getTime() ?? 0;
    const days = (stored - Date.now()) / DAY;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
    expect(expiresAt.getTime()).toBe(stored);
    await store.delete(id);
  });

  it("never lets a write carry a session past 90 days from its creation", async () => {
    const store = createSessionStore(database.db, lifetimes);
    const id = newSessionId();
    await store.put(id, { n: 1 });
    await age(id, "created_at", -80);
    const expiresAt = await store.put(id, { n: 2 });
    const daysLeft = (expiresAt.getTime() - Date.now()) / DAY;
    expect(daysLeft).toBeGreaterThan(9.9);
    expect(daysLeft).toBeLessThanOrEqual(10);
    await store.delete(id);
  });

  it("refuses and purges a session past its absolute lifetime, even one still within its sliding one", async () => {
    const store = createSessionStore(database.db, lifetimes);
    const id = newSessionId();
    await store.put(id, { connected: true });
    // As a row written before the cap existed would be: used yesterday, created 91 days ago.
    await age(id, "created_at", -91);
    expect((await rowOf(id))?.expiresAt.getTime()).toBeGreaterThan(Date.now());
    expect(await store.get(id)).toBeNull();
    expect(await store.update(id, async (data) => ({ result: data }), { rowLock: false })).toEqual({
      result: null,
      expiresAt: null,
    });
    expect(await store.purgeExpired()).toBe(1);
    expect(await rowOf(id)).toBeUndefined();
  });

  it("updates under a row lock: a second writer waits and reads the first one's result", async () => {
    if (testEngine !== "postgres") return; // PGlite is one connection: the plugin queues in process.
    const store = createSessionStore(database.db, lifetimes);
    const id = newSessionId();
    await store.put(id, { count: 0 });
    let releaseFirst: () => void = () => {};
    const firstHolds = new Promise<void>((resolve) => {
      releaseFirst = resolve;
    });
    let firstRead: () => void = () => {};
    const firstHasRead = new Promise<void>((resolve) => {
      firstRead = resolve;
    });
    const seen: number[] = [];
    const increment = (hold?: Promise<void>) =>
      store.update(
        id,
        async (data) => {
          const count = Number(data?.count);
          seen.push(count);
          if (hold) {
            firstRead();
            await hold;
          }
          return { data: { count: count + 1 }, result: count + 1 };
        },
        { rowLock: true },
      );
    const first = increment(firstHolds);
    await firstHasRead;
    const second = increment();
    // The second is blocked on the row lock while the first holds it.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(seen).toEqual([0]);
    releaseFirst();
    expect((await first).result).toBe(1);
    expect((await second).result).toBe(2);
    expect(seen).toEqual([0, 1]);
    expect(await store.get(id)).toEqual({ count: 2 });
  });
});
