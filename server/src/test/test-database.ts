import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { inject } from "vitest";
import type { DatabaseConfig } from "../config";
import { type Database, type DatabaseHandle, openDatabase } from "../db/client";
import { migrateDatabase } from "../db/migrate";
import { pgliteOptions } from "../db/pglite-extensions";
import * as schema from "../db/schema";
import { seedDatabase } from "../db/seed";
import { dumpTo, type PgliteTemplates } from "./pglite-template";
import { adminQuery, databaseUrl, type PostgresTemplates } from "./postgres-template";

export type TestEngine = "pglite" | "postgres";

export interface TestDatabase extends DatabaseHandle {
  config: DatabaseConfig;
}

export const testEngine: TestEngine = process.env.TEST_DB_ENGINE === "postgres" ? "postgres" : "pglite";

const templateDumps = new Map<string, Blob>();

function readDump(file: string): Blob {
  let dump = templateDumps.get(file);
  if (!dump) {
    dump = new Blob([readFileSync(file)]);
    templateDumps.set(file, dump);
  }
  return dump;
}

/** This run's PGlite template paths, if the global setup (pglite-template.ts) made them. */
function pgliteTemplates(): PgliteTemplates | undefined {
  try {
    return inject("pgliteTemplates");
  } catch {
    return undefined; // not inside a Vitest worker
  }
}

/** This run's PostgreSQL template databases, if the global setup (postgres-template.ts) made them. */
function postgresTemplates(): PostgresTemplates | undefined {
  try {
    return inject("postgresTemplates");
  } catch {
    return undefined; // not inside a Vitest worker
  }
}

/**
 * PGlite started from this run's template in memory, or in `dataDir` when that folder is new: no
 * initdb and no migrations. With `seeded`, the seeded template; the first caller to want one seeds
 * the migrated template and dumps it for the next. Undefined without templates: the caller then
 * makes the database the long way.
 */
async function openPgliteTemplate(
  dataDir: string | null,
  seeded: boolean,
): Promise<DatabaseHandle | undefined> {
  const templates = pgliteTemplates();
  if (!templates) return undefined;
  const haveSeeded = seeded && existsSync(templates.seeded);
  const options = {
    ...pgliteOptions,
    loadDataDir: readDump(haveSeeded ? templates.seeded : templates.migrated),
  };
  const client = dataDir ? new PGlite(dataDir, options) : new PGlite(options);
  await client.waitReady;
  const db = drizzle({ client, schema }) as unknown as Database;
  await migrateDatabase(db, { kind: "pglite", dataDir }); // one read: the template has every migration
  if (seeded && !haveSeeded) {
    await seedDatabase(db);
    if (!dataDir) await dumpTo(client, templates.seeded);
  }
  return {
    db,
    engine: "pglite",
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => client.close(),
  };
}

/**
 * A migrated (with `seed`, seeded) PGlite database in a new folder, for tests of programs that open
 * DATA_DIR themselves. Close it before they start: they take the folder's lock.
 */
export async function createTestDataDir(
  dataDir: string,
  options: { seed?: boolean } = {},
): Promise<DatabaseHandle> {
  const config = { kind: "pglite" as const, dataDir };
  const fromTemplate = await openPgliteTemplate(dataDir, Boolean(options.seed));
  if (fromTemplate) return fromTemplate;
  const handle = await openDatabase(config);
  await migrateDatabase(handle.db, config);
  if (options.seed) await seedDatabase(handle.db);
  return handle;
}

/**
 * A migrated (with `seed`, seeded) PGlite database in a new folder, opened afresh in a thread of its
 * own, as the server runs it: a session that has loaded nothing yet (one restored from the template
 * has, pg_trgm among it). Closing it removes the folder.
 */
export async function createThreadedPglite(options: { seed?: boolean } = {}): Promise<DatabaseHandle> {
  const folder = mkdtempSync(join(tmpdir(), "pglite-thread-"));
  await (await createTestDataDir(folder, options)).close();
  const handle = await openDatabase({ kind: "pglite", dataDir: folder }, { pgliteInWorker: true });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite (from this run's template when
 * there is one), or on PostgreSQL a new database created beside TEST_DATABASE_URL (a copy of this
 * run's migrated or seeded template database when there is one) and dropped on close, so test
 * files never share rows.
 */
export async function createTestDatabase(options: { seed?: boolean } = {}): Promise<TestDatabase> {
  let handle: TestDatabase;
  let seeded = false;
  if (testEngine === "postgres") {
    const name = `waveform_test_${randomBytes(6).toString("hex")}`;
    const templates = postgresTemplates();
    const template = templates && (options.seed ? templates.seeded : templates.migrated);
    await adminQuery(`create database ${name}${template ? ` template ${template}` : ""}`);
    seeded = Boolean(template && options.seed);
    const config = { kind: "postgres" as const, url: databaseUrl(name) };
    const inner = await openDatabase(config);
    await migrateDatabase(inner.db, config); // from a template: one read
    handle = {
      ...inner,
      config,
      close: async () => {
        await inner.close();
        await adminQuery(`drop database if exists ${name} with (force)`);
      },
    };
  } else {
    const config = { kind: "pglite" as const, dataDir: null };
    const fromTemplate = await openPgliteTemplate(null, Boolean(options.seed));
    if (fromTemplate) return { ...fromTemplate, config };
    handle = { ...(await openDatabase(config)), config };
    await migrateDatabase(handle.db, config);
  }
  if (options.seed && !seeded) await seedDatabase(handle.db);
  return handle;
}
