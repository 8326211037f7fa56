import { type AppConfig, loadConfig, loadDotEnv } from "../config";
import { type Database, openDatabase } from "../db/client";
import { migrateDatabase } from "../db/migrate";

/**
 * Opens the configured database (migrated), runs one piece of work and closes it again. The work
 * also gets the configuration (ALLOW_PRIVATE_FEEDS for the podcast commands).
 */
export async function withDatabase<T>(work: (db: Database, config: AppConfig) => Promise<T>): Promise<T> {
  loadDotEnv();
  const config = loadConfig();
  const handle = await openDatabase(config.database);
  try {
    await migrateDatabase(handle.db, config.database);
    return await work(handle.db, config);
  } finally {
    await handle.close();
  }
}
