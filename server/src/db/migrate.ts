import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import type { DatabaseConfig } from "../config";
import { migrationsFolder } from "../paths";
import type { Database, Schema } from "./client";

/** An arbitrary constant key: servers starting together on one PostgreSQL migrate one at a time. */
const MIGRATION_LOCK_KEY = 72_210_417;

/** Applies the committed migrations. On PostgreSQL it holds an advisory lock on one connection. */
export async function migrateDatabase(db: Database, config: DatabaseConfig): Promise<void> {
  if (config.kind === "pglite") {
    await migratePglite(db as unknown as PgliteDatabase<Schema>, { migrationsFolder });
    return;
  }
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
