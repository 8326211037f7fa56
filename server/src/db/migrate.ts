import { readFileSync } from "node:fs";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import type { DatabaseConfig } from "../config";
import { migrationsFolder } from "../paths";
import type { Database, Schema } from "./client";

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
 * the migrations newer than the newest one recorded): one read, where drizzle's migrator would run
 * DDL (`create schema/table if not exists`) and a transaction, and take a lock on PostgreSQL.
 */
export async function hasAllMigrations(db: Database): Promise<boolean> {
  try {
    // PGlite's and node-postgres' results both carry `rows`.
    const { rows } = (await db.execute(
      sql`select max(created_at)::text as newest from drizzle.__drizzle_migrations`,
    )) as unknown as { rows: { newest: string | null }[] };
    const newest = rows[0]?.newest;
    return newest != null && Number(newest) >= newestMigrationMillis();
  } catch {
    return false; // no migrations table yet: a new database
  }
}

/**
 * Applies the committed migrations that are not applied yet (none: one read). On PostgreSQL the
 * migrator holds an advisory lock on one connection, so servers starting together migrate in turn.
 */
export async function migrateDatabase(db: Database, config: DatabaseConfig): Promise<void> {
  if (await hasAllMigrations(db)) return;
  if (config.kind === "pglite") {
    const { migrate: migratePglite } = await import("drizzle-orm/pglite/migrator");
    await migratePglite(db as unknown as PgliteDatabase<Schema>, { migrationsFolder });
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
    await migratePg(drizzlePg({ client }), { migrationsFolder });
  } finally {
    await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => {});
    await client.end();
  }
}
