import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase, testEngine } from "../test/test-database";

describe.skipIf(testEngine !== "postgres")("a PostgreSQL connection lost mid-transaction", () => {
  let database: TestDatabase | undefined;
  afterEach(() => database?.close());

  it("fails that transaction and the next query works, without an unhandled error event", async () => {
    database = await createTestDatabase();
    const { db } = database;
    let backend = 0;
    const transaction = db.transaction(async (tx) => {
      const rows = await tx.execute(sql`select pg_backend_pid() as pid`);
      backend = Number((rows as unknown as { rows: { pid: number }[] }).rows[0]?.pid);
      // Between two statements the connection is checked out with no query running: what
      // PostgreSQL says when it ends the connection now is an 'error' event on the client itself
      // (a stopped database says the same), which used to crash the whole server.
      await db.execute(sql`select pg_terminate_backend(${backend})`);
      await new Promise((resolve) => setTimeout(resolve, 200));
      await tx.execute(sql`select 1`);
    });
    await expect(transaction).rejects.toThrow();
    expect(backend).toBeGreaterThan(0);
    const after = await db.execute(sql`select 1 as one`);
    expect((after as unknown as { rows: { one: number }[] }).rows[0]?.one).toBe(1);
  });
});
