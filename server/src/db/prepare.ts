import { existsSync } from "node:fs";
import { join, relative } from "node:path";
import type { FastifyBaseLogger } from "fastify";
import type { AppConfig } from "../config";
import { repoRoot } from "../paths";
import { type DatabaseHandle, openDatabase } from "./client";
import { migrateDatabase } from "./migrate";
import { isCatalogueEmpty, seedDatabase } from "./seed";
import { arePodcastsUnseeded, seedPodcasts } from "./seed/podcasts";

/** A PGlite folder as the README names it: `./data` for the default. */
function shownPath(dataDir: string): string {
  const path = relative(repoRoot, dataDir);
  return path && !path.startsWith("..") ? `./${path}` : dataDir;
}

/**
 * Opens the configured database, applies pending migrations, and seeds it when the catalogue is
 * empty. On a prepared database that is the open, one read for migrations and two for the seed.
 */
export async function openPreparedDatabase(
  config: AppConfig,
  log: Pick<FastifyBaseLogger, "info">,
): Promise<DatabaseHandle> {
  const { database } = config;
  // A new PGlite folder takes a while (create, migrate, seed): say so before it starts.
  if (database.kind === "pglite" && database.dataDir && !existsSync(join(database.dataDir, "PG_VERSION")))
    log.info(`Preparing the database in ${shownPath(database.dataDir)} (first run, ~10 s)…`);
  const handle = await openDatabase(database);
  try {
    await migrateDatabase(handle.db, database);
    if (await isCatalogueEmpty(handle.db)) {
      log.info("Seeding the catalogue and the podcasts of a new database…");
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
