import { PGlite, type PGliteOptions } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import type { DatabaseConfig } from "../config";
import { lockDataDir } from "./pglite-lock";
import * as schema from "./schema";

export type Schema = typeof schema;
/** The one database type the repositories see, whichever engine is behind it. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction in progress, as `Database.transaction` hands it to its callback. */
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

export interface DatabaseHandle {
  db: Database;
  engine: "pglite" | "postgres";
  /** Throws when the database does not answer. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

async function openPglite(dataDir: string | null): Promise<DatabaseHandle> {
  const release = dataDir ? lockDataDir(dataDir) : () => {};
  try {
    // pg_trgm backs the podcast search index (migration 0003).
    const options: PGliteOptions = { extensions: { pg_trgm } };
    const client = dataDir ? new PGlite(dataDir, options) : new PGlite(options);
    await client.waitReady;
    const db = drizzlePglite({ client, schema }) as unknown as Database;
    return {
      db,
      engine: "pglite",
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      close: async () => {
        try {
          await client.close();
        } finally {
          release();
        }
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

/** node-postgres and its drizzle driver load only when PostgreSQL is configured (PGlite starts faster). */
async function openPostgres(url: string): Promise<DatabaseHandle> {
  const [{ default: pg }, { drizzle: drizzlePg }] = await Promise.all([
    import("pg"),
    import("drizzle-orm/node-postgres"),
  ]);
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5000 });
  // An idle client's error (server restart) must not crash the process; the next query reports it.
  pool.on("error", () => {});
  const db = drizzlePg({ client: pool, schema }) as unknown as Database;
  return {
    db,
    engine: "postgres",
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => pool.end(),
  };
}

export function openDatabase(config: DatabaseConfig): Promise<DatabaseHandle> {
  return config.kind === "postgres" ? openPostgres(config.url) : openPglite(config.dataDir);
}
