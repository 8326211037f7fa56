import { randomBytes } from "node:crypto";
import pg from "pg";
import type { DatabaseConfig } from "../config";
import { type DatabaseHandle, openDatabase } from "../db/client";
import { migrateDatabase } from "../db/migrate";
import { seedDatabase } from "../db/seed";

export type TestEngine = "pglite" | "postgres";

export interface TestDatabase extends DatabaseHandle {
  config: DatabaseConfig;
}

export const testEngine: TestEngine = process.env.TEST_DB_ENGINE === "postgres" ? "postgres" : "pglite";

function adminUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error("TEST_DATABASE_URL must be set for the PostgreSQL suite");
  return url;
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or on PostgreSQL a new database
 * created beside TEST_DATABASE_URL and dropped on close, so test files never share rows.
 */
export async function createTestDatabase(options: { seed?: boolean } = {}): Promise<TestDatabase> {
  let handle: TestDatabase;
  if (testEngine === "postgres") {
    const name = `waveform_test_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: adminUrl() });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(adminUrl());
    url.pathname = `/${name}`;
    const config = { kind: "postgres" as const, url: url.href };
    const inner = await openDatabase(config);
    await migrateDatabase(inner.db, config);
    handle = {
      ...inner,
      config,
      close: async () => {
        await inner.close();
        const dropper = new pg.Client({ connectionString: adminUrl() });
        await dropper.connect();
        await dropper.query(`drop database if exists ${name} with (force)`);
        await dropper.end();
      },
    };
  } else {
    const config = { kind: "pglite" as const, dataDir: null };
    handle = { ...(await openDatabase(config)), config };
    await migrateDatabase(handle.db, config);
  }
  if (options.seed) await seedDatabase(handle.db);
  return handle;
}
