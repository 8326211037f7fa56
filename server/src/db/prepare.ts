import type { FastifyBaseLogger } from "fastify";
import type { AppConfig } from "../config";
import { type DatabaseHandle, openDatabase } from "./client";
import { migrateDatabase } from "./migrate";
import { isCatalogueEmpty, seedDatabase } from "./seed";
import { arePodcastsUnseeded, seedPodcasts } from "./seed/podcasts";

/** Opens the configured database, applies migrations, and seeds it when the catalogue is empty. */
export async function openPreparedDatabase(
  config: AppConfig,
  log: Pick<FastifyBaseLogger, "info">,
): Promise<DatabaseHandle> {
  const handle = await openDatabase(config.database);
  try {
    await migrateDatabase(handle.db, config.database);
    if (await isCatalogueEmpty(handle.db)) {
      await seedDatabase(handle.db);
      log.info("seeded the catalogue of a new database");
    } else if (await arePodcastsUnseeded(handle.db)) {
      // A database from before podcasts existed gets the podcast seed once.
      await seedPodcasts(handle.db);
      log.info("seeded the podcasts");
    }
    return handle;
  } catch (error) {
    await handle.close();
    throw error;
  }
}
