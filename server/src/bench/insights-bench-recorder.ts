// What the insights benches share: the server's recorder on a migrated PGlite in a fresh folder,
// in a worker thread as the server runs it, and the eight page paths they count.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pino from "pino";
import { type Database, openDatabase } from "../db/client";
import { migrateDatabase } from "../db/migrate";
import { EMPTY_CATALOGUE, InsightsRecorder, KnownCatalogueSource } from "../modules/insights/index";

/** The catalogue the benches count against: the paths below, episodes 1–50 and ads 1–3 exist. */
const BENCH_CATALOGUE = {
  ...EMPTY_CATALOGUE,
  playlists: new Set([1, 2]),
  episodes: new Map(Array.from({ length: 50 }, (_, i) => [i + 1, "bench-show"] as const)),
  ads: new Set([1, 2, 3]),
};

export const BENCH_PATHS = [
  "/",
  "/playlists",
  "/genres",
  "/podcasts",
  "/playlist/1",
  "/playlist/2",
  "/about",
  "/charts",
];

/** Runs `measure` with a ready recorder (today's salt made), then closes and removes the database. */
export async function withBenchRecorder<T>(
  prefix: string,
  measure: (recorder: InsightsRecorder, db: Database) => Promise<T>,
): Promise<T> {
  const folder = mkdtempSync(join(tmpdir(), prefix));
  const config = { kind: "pglite" as const, dataDir: folder };
  const handle = await openDatabase(config, { pgliteInWorker: true });
  try {
    await migrateDatabase(handle.db, config);
    const recorder = new InsightsRecorder({
      db: handle.db,
      site: "bench.example",
      log: pino({ level: "warn" }),
      known: new KnownCatalogueSource(async () => BENCH_CATALOGUE),
    });
    await recorder.prepare();
    return await measure(recorder, handle.db);
  } finally {
    await handle.close();
    rmSync(folder, { recursive: true, force: true });
  }
}
