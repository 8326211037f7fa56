import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { federationKv, federationMessages } from "../../../db/schema";
import { createTestApp, type TestApp } from "../../../test/test-app";
import { encodeKey } from "./db-kv-store";

describe("the federation store's background purge", () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp();
    await test.app.ready();
  });
  afterAll(() => test.close());

  it("runs as a background job of the app, and leaves what is still needed", async () => {
    const { db } = test.app;
    await db.insert(federationKv).values([
      { key: encodeKey(["gone"]), value: 1, expiresAt: new Date(Date.now() - 1000) },
      { key: encodeKey(["kept"]), value: 2, expiresAt: new Date(Date.now() + 60_000) },
      { key: encodeKey(["forever"]), value: 3 },
    ]);
    const [parent] = await db
      .insert(federationMessages)
      .values({ queue: "fanout", message: {}, claim: "a-server" })
      .returning({ id: federationMessages.id });
    await db.insert(federationMessages).values([
      // Done, its parent still being handled: kept (the parent may run again).
      { queue: "outbox", message: { n: 1 }, doneAt: new Date(), parentId: parent?.id, parentSeq: 0 },
      // Done, its parent gone: purged.
      { queue: "outbox", message: { n: 2 }, doneAt: new Date(), parentId: -1, parentSeq: 0 },
      { queue: "outbox", message: { n: 3 }, failedAt: new Date(Date.now() - 31 * 86_400_000) },
      { queue: "outbox", message: { n: 4 }, failedAt: new Date() },
    ]);
    expect(await test.app.runDueJobs()).toContain("federation-store-purge");
    const keys = await db
      .select({ value: federationKv.value })
      .from(federationKv)
      .orderBy(federationKv.value);
    expect(keys.map((row) => row.value)).toEqual([2, 3]);
    const left = (await db.execute(
      sql`select message from ${federationMessages} where queue = 'outbox' order by id`,
    )) as unknown as { rows: Array<{ message: { n: number } }> };
    expect(left.rows.map((row) => row.message.n)).toEqual([1, 4]);
  });
});
