import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions } from "../db/schema";
import { createTestDatabase, type TestDatabase, testEngine } from "../test/test-database";
import { createSessionStore, newSessionId, sessionRowId } from "./session-store";

describe(`session store on ${testEngine}`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it("makes 256-bit random ids and keys rows by their hash", async () => {
    const id = newSessionId();
    expect(Buffer.from(id, "base64url")).toHaveLength(32);
    expect(newSessionId()).not.toBe(id);
    const store = createSessionStore(database.db, 60_000);
    await store.put(id, { a: 1 });
    const rows = await database.db.select().from(sessions);
    expect(rows.map((r) => r.id)).toEqual([sessionRowId(id)]);
    expect(await store.get(id)).toEqual({ a: 1 });
    await store.put(id, { a: 2 });
    expect(await store.get(id)).toEqual({ a: 2 });
    await store.delete(id);
    expect(await store.get(id)).toBeNull();
  });

  it("ignores expired sessions and purges them", async () => {
    const store = createSessionStore(database.db, 60_000);
    const live = newSessionId();
    const old = newSessionId();
    await store.put(live, { live: true });
    await store.put(old, { live: false });
    await database.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(sql`${sessions.id} = ${sessionRowId(old)}`);
    expect(await store.get(old)).toBeNull();
    expect(await store.purgeExpired()).toBe(1);
    expect(await store.get(live)).toEqual({ live: true });
    expect(await database.db.select().from(sessions)).toHaveLength(1);
  });

  it("sets the expiry 30 days ahead on every write", async () => {
    const store = createSessionStore(database.db, 30 * 24 * 3600 * 1000);
    const id = newSessionId();
    await store.put(id, {});
    const [row] = await database.db
      .select()
      .from(sessions)
      .where(sql`${sessions.id} = ${sessionRowId(id)}`);
    const days = ((row?.expiresAt.getTime() ?? 0) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
  });
});
