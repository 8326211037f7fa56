import { existsSync } from "node:fs";
import { join } from "node:path";
import { lockDataDir } from "../pglite-lock";
import { PgliteWorkerClient } from "./pglite-worker-client";

/** The server's PGlite thread once started: the client to adopt, and the folder's lock to release. */
export interface StartedPgliteThread {
  client: PgliteWorkerClient;
  release(): void;
  /** True when the folder held no database yet: this start creates, migrates and seeds it. */
  isNew: boolean;
}

/**
 * Locks the data folder and starts the PGlite thread. Light on purpose (no drizzle, no PGlite in this
 * thread): server.ts calls it before it loads the rest of the server, so PGlite's start (most of a
 * second, in its own thread) runs while the server's modules load and its routes register.
 */
export function startPgliteThread(dataDir: string | null): StartedPgliteThread {
  const isNew = dataDir !== null && !existsSync(join(dataDir, "PG_VERSION"));
  const release = dataDir ? lockDataDir(dataDir) : () => {};
  try {
    return { client: new PgliteWorkerClient(dataDir), release, isNew };
  } catch (error) {
    release();
    throw error;
  }
}
