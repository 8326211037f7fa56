import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions } from "../db/schema";
import { createTestApp, type TestApp } from "../test/test-app";
import { createTestDatabase, type TestDatabase, testEngine } from "../test/test-database";

describe(`expired sessions (${testEngine})`, () => {
  let database: TestDatabase;
  let t: TestApp | undefined;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await t?.app.close();
    await database.close();
  });

  it("are deleted by the session-purge job (idle too long, or past 90 days from creation); live ones stay", async () => {
    const past = new Date(Date.now() - 1000);
    const future = new Date(Date.now() + 60_000);
    const longAgo = new Date(Date.now() - 91 * 86_400_000);
    await database.db.insert(sessions).values([
      { id: "expired", data: {}, expiresAt: past },
      { id: "too-old", data: {}, createdAt: longAgo, expiresAt: future },
      { id: "live", data: {}, expiresAt: future },
    ]);
    t = await createTestApp({ database });
    await t.app.ready();
    expect(await t.app.runDueJobs()).toContain("session-purge");
    const rows = await database.db.select({ id: sessions.id }).from(sessions);
    expect(rows).toEqual([{ id: "live" }]);
  });
});
