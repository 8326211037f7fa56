import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";

/** The PostgreSQL extensions every PGlite database loads: pg_trgm backs the search indexes. */
export const pgliteExtensions = { pg_trgm };

/** A PostgreSQL size setting as PGLITE_SHARED_BUFFERS takes it (config.ts checks it the same way). */
const SIZE = /^[1-9]\d{0,5}(kB|MB|GB)$/;

/**
 * PostgreSQL's memory settings in PGlite (issue 31). PGlite runs PostgreSQL in one WebAssembly
 * memory that grows and never shrinks, and it writes all of shared_buffers when it starts: with
 * PostgreSQL's default of 128 MB, a bare PGlite was 306 MB resident before its first query, 175 MB
 * with 16 MB. The seeded catalogue is 11 MB (`pg_database_size`), so 32 MB holds all of it and
 * room to grow; what does not fit is read from the data folder's files (the operating system's
 * page cache) instead: PGLITE_SHARED_BUFFERS gives a large catalogue more. maintenance_work_mem
 * (64 MB by default) bounds what an index build takes (the search index's GIN builds on a first
 * start and a large catalogue write): the memory it touches stays resident for good.
 */
function pgliteMemorySettings(env: Record<string, string | undefined> = process.env) {
  const sharedBuffers = env.PGLITE_SHARED_BUFFERS;
  return {
    shared_buffers: sharedBuffers && SIZE.test(sharedBuffers) ? sharedBuffers : "32MB",
    maintenance_work_mem: "16MB",
  };
}

/** The options every PGlite database opens with: the extensions and the memory settings above. */
export const pgliteOptions = {
  extensions: pgliteExtensions,
  startParams: [
    ...PGlite.defaultStartParams,
    ...Object.entries(pgliteMemorySettings()).flatMap(([name, value]) => ["-c", `${name}=${value}`]),
  ],
};
