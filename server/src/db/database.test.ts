import { count } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase, testEngine } from "../test/test-database";
import { openDatabase } from "./client";
import { hasAllMigrations, migrateDatabase } from "./migrate";
import { genres, sessions } from "./schema";
import { isCatalogueEmpty, seedDatabase } from "./seed";
import { genreSeeds } from "./seed/genres.data";

describe(`database on ${testEngine}`, () => {
  let handle: TestDatabase;
  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(() => handle.close());

  it("answers a ping", async () => {
    await expect(handle.ping()).resolves.toBeUndefined();
  });

  it("starts with an empty catalogue", async () => {
    expect(await isCatalogueEmpty(handle.db)).toBe(true);
  });

  it("seeds idempotently: a second run leaves the same rows and ids", async () => {
    await seedDatabase(handle.db);
    const first = await handle.db.select().from(genres).orderBy(genres.id);
    await seedDatabase(handle.db);
    const second = await handle.db.select().from(genres).orderBy(genres.id);
    expect(first).toHaveLength(genreSeeds.length);
    expect(second.map((row) => [row.id, row.slug])).toEqual(first.map((row) => [row.id, row.slug]));
    expect(await isCatalogueEmpty(handle.db)).toBe(false);
  });

  it("knows when every migration is applied (a start then runs none) and when not", async () => {
    expect(await hasAllMigrations(handle.db)).toBe(true);
    const empty = await openDatabase({ kind: "pglite", dataDir: null });
    try {
      expect(await hasAllMigrations(empty.db)).toBe(false);
    } finally {
      await empty.close();
    }
  });

  it("re-applying migrations is a no-op", async () => {
    await expect(migrateDatabase(handle.db, handle.config)).resolves.toBeUndefined();
    const [row] = await handle.db.select({ n: count() }).from(genres);
    expect(row?.n).toBe(genreSeeds.length);
  });

  it("stores sessions with JSON data and an expiry", async () => {
    const expiresAt = new Date(Date.now() + 60_000);
    await handle.db.insert(sessions).values({ id: "s1", data: { returnTo: "/spotify-test" }, expiresAt });
    const [row] = await handle.db.select().from(sessions);
    expect(row?.data).toEqual({ returnTo: "/spotify-test" });
    expect(row?.expiresAt.getTime()).toBe(expiresAt.getTime());
  });
});
