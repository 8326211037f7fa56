import { loadConfig, loadDotEnv } from "../config";
import { type Database, openDatabase } from "../db/client";
import { migrateDatabase } from "../db/migrate";

/** Opens the configured database (migrated), runs one piece of work and closes it again. */
export async function withDatabase<T>(work: (db: Database) => Promise<T>): Promise<T> {
  loadDotEnv();
  const config = loadConfig();
  const handle = await openDatabase(config.database);
  try {
    await migrateDatabase(handle.db, config.database);
    return await work(handle.db);
  } finally {
    await handle.close();
  }
}
