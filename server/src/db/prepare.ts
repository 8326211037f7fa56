import { relative } from "node:path";
import type { FastifyBaseLogger } from "fastify";
import type { AppConfig, DatabaseConfig } from "../config";
import { ensureSearchIndex } from "../modules/search/index";
import { repoRoot } from "../paths";
import { type Database, type DatabaseHandle, type OpeningDatabase, startDatabase } from "./client";
import { mergeGinPendingLists } from "./gin-pending-lists";
import { migrateDatabase } from "./migrate";
import { type StartedPgliteThread, startPgliteThread } from "./pglite-worker/start-thread";
import { isCatalogueEmpty, seedDatabase } from "./seed";
import { arePodcastsUnseeded, seedPodcasts } from "./seed/podcasts";

/** A PGlite folder as the docs name it (relative to the repository): `./data` for the default. */
function shownPath(dataDir: string): string {
  const path = relative(repoRoot, dataDir);
  return path && !path.startsWith("..") ? `./${path}` : dataDir;
}

/**
 * Applies pending migrations to an open database, and seeds it when the catalogue is empty. On a
 * prepared database that is one read for migrations and two for the seed.
 */
export async function prepareOpenDatabase(
  db: Database,
  database: DatabaseConfig,
  log: Pick<FastifyBaseLogger, "info">,
): Promise<void> {
  await migrateDatabase(db, database);
  if (await isCatalogueEmpty(db)) {
    log.info("Seeding the catalogue and the podcasts of a new database…");
    await seedDatabase(db);
    log.info("seeded the catalogue of a new database");
  } else if (await arePodcastsUnseeded(db)) {
    // A database from before podcasts existed gets the podcast seed once.
    await seedPodcasts(db);
    log.info("seeded the podcasts");
  }
  await ensureSearchIndex(db);
  // A folder written before the writers merged their GIN pending lists: merged once here, so
  // searches do not read through them (one cheap statement when there are none).
  await mergeGinPendingLists(db, "search_documents", "podcasts");
}

/** prepareOpenDatabase once a database being opened has started. */
async function prepareDatabase(
  { ready, handle }: OpeningDatabase,
  config: AppConfig,
  log: Pick<FastifyBaseLogger, "info">,
): Promise<void> {
  await ready;
  await prepareOpenDatabase(handle.db, config.database, log);
}

/**
 * Starts opening the configured database (saying so first when a new PGlite folder will be made):
 * the handle to register now, and `prepared`, which settles when it is migrated and seeded.
 * `started`: the server's PGlite thread when serve.ts started it already (before loading the rest).
 */
export async function startPreparedDatabase(
  config: AppConfig,
  log: Pick<FastifyBaseLogger, "info">,
  started?: StartedPgliteThread,
): Promise<{ handle: DatabaseHandle; prepared: Promise<void> }> {
  const { database } = config;
  // The server's PGlite runs in a worker thread: a slow query never stalls other requests.
  const thread =
    started ??
    (database.kind === "pglite"
      ? startPgliteThread(database.dataDir, { prepareNewFolderApart: true })
      : undefined);
  // A new PGlite folder takes a while (create, migrate, seed): say so.
  if (database.kind === "pglite" && database.dataDir && thread?.isNew) {
    log.info(`Preparing the database in ${shownPath(database.dataDir)} (first run, ~10 s)…`);
    const started = Date.now();
    thread.preparedApart?.then(
      () => log.info(`prepared the new database (${Date.now() - started} ms, in a process of its own)`),
      () => {},
    );
  }
  const opening = await startDatabase(database, { started: thread });
  const prepared = prepareDatabase(opening, config, log).then(async () => {
    // At full priority while the server starts; below the event loop's once it can serve.
    const priority = await thread?.client.lowerPriority();
    if (priority && !priority.lowered)
      log.info(`the database thread keeps the server's priority (${priority.reason})`);
  });
  // Marked handled at once: the caller awaits it later (app.ts, when the app gets ready), and a
  // failure before then must not be an unhandled rejection. Awaiting it still throws the error.
  prepared.catch(() => {});
  return { handle: opening.handle, prepared };
}
