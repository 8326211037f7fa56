import { readFileSync } from "node:fs";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import type { DatabaseConfig } from "../config";
import { migrationsFolder } from "../paths";
import type { Database, Schema } from "./client";
import {
  appliedChecksumsSql,
  applyRepeatableFiles,
  areApplied,
  type RepeatableFile,
  readRepeatableFiles,
} from "./repeatable-migrations";

/** An arbitrary constant key: servers starting together on one PostgreSQL migrate one at a time. */
const MIGRATION_LOCK_KEY = 72_210_417;

/** The `when` of the newest committed migration (drizzle's journal). */
function newestMigrationMillis(): number {
  const journal = JSON.parse(readFileSync(join(migrationsFolder, "meta", "_journal.json"), "utf8")) as {
    entries: { when: number }[];
  };
  return Math.max(0, ...journal.entries.map((entry) => entry.when));
}

/**
 * True when the database already has every committed migration, by drizzle's own rule (it applies
 * the migrations newer than the newest one recorded), and every repeatable file as its text is now
 * (repeatable-migrations.ts): one read, where drizzle's migrator would run DDL (`create
 * schema/table if not exists`) and a transaction, and take a lock on PostgreSQL.
 */
export async function hasAllMigrations(
  db: Database,
  repeatable: RepeatableFile[] = readRepeatableFiles(),
): Promise<boolean> {
  try {
    // PGlite's and node-postgres' results both carry `rows`.
    const { rows } = (await db.execute(
      sql`select (select max(created_at)::text from drizzle.__drizzle_migrations) as newest,
        ${appliedChecksumsSql} as applied`,
    )) as unknown as { rows: { newest: string | null; applied: string | null }[] };
    const newest = rows[0]?.newest;
    return (
      newest != null && Number(newest) >= newestMigrationMillis() && areApplied(repeatable, rows[0]?.applied)
    );
  } catch {
    return false; // no migrations table or no record of repeatable files yet
  }
}

/**
 * Applies the committed migrations that are not applied yet, then the repeatable files whose text
 * changed (none of either: one read). On PostgreSQL both run on one connection holding an advisory
 * lock, so servers starting together migrate in turn and the later ones find nothing to do.
 * `repeatable`: the files of db/repeatable/ unless a test gives others.
 */
export async function migrateDatabase(
  db: Database,
  config: DatabaseConfig,
  repeatable: RepeatableFile[] = readRepeatableFiles(),
): Promise<void> {
  if (await hasAllMigrations(db, repeatable)) return;
  if (config.kind === "pglite") {
    const { migrate: migratePglite } = await import("drizzle-orm/pglite/migrator");
    await migratePglite(db as unknown as PgliteDatabase<Schema>, { migrationsFolder });
    await applyRepeatableFiles(db, repeatable);
    return;
  }
  const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
    import("pg"),
    import("drizzle-orm/node-postgres"),
    import("drizzle-orm/node-postgres/migrator"),
  ]);
  const client = new pg.Client({ connectionString: config.url });
  await client.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    const locked = drizzlePg({ client });
    await migratePg(locked, { migrationsFolder });
    await applyRepeatableFiles(locked as unknown as Database, repeatable);
  } finally {
    await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => {});
    await client.end();
  }
}
