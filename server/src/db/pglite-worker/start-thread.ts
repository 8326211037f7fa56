import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { serverRoot } from "../../paths";
import { lockDataDir } from "../pglite-lock";
import { PgliteWorkerClient } from "./pglite-worker-client";

/** The server's PGlite thread once started: the client to adopt, and the folder's lock to release. */
export interface StartedPgliteThread {
  client: PgliteWorkerClient;
  release(): void;
  /** True when the folder held no database yet: this start creates, migrates and seeds it. */
  isNew: boolean;
  /**
   * A new folder made (created, migrated and seeded) by a process of its own: settles when it has
   * exited; the thread starts on the folder then.
   */
  preparedApart?: Promise<void>;
}

/** The preparing process's program: the built file beside the server bundle, or the source under tsx. */
function preparerArguments(): string[] {
  const built = join(serverRoot, "dist", "prepare-new-folder.js");
  const fromSource = import.meta.url.endsWith(".ts");
  if (!fromSource && existsSync(built)) return [built];
  return ["--import", "tsx", join(serverRoot, "src", "db", "prepare-new-folder.ts")];
}

/** What the preparing process wrote to stderr, kept for the error: its last few kB. */
const STDERR_KEPT = 8192;

/**
 * Creates, migrates and seeds the new PGlite folder `dataDir` in a child process (db/prepare-new-
 * folder.ts), which this process has locked. A first start's PGlite creation (initdb) and seed
 * leave their peak in the memory of the process that ran them: a bare PGlite made in a new folder
 * stayed at 307 MB resident once closed, against 125 MB for one opened on an existing folder, and
 * the server that created, migrated and seeded its folder idled ~140 MB above one started on it
 * (issue 31). A process that exits returns all of it.
 */
function prepareApart(dataDir: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...preparerArguments(), dataDir, String(process.pid)], {
      stdio: ["ignore", "ignore", "pipe"],
      env: process.env,
      // From the source, `--import tsx` is found from here (the server's folder, then the root's).
      cwd: serverRoot,
    });
    let stderr = "";
    child.stderr.setEncoding("utf8");
    child.stderr.on("data", (chunk: string) => {
      stderr = (stderr + chunk).slice(-STDERR_KEPT);
    });
    // A server stopped meanwhile stops it too: the folder is locked by this process.
    const stop = () => child.kill();
    process.once("exit", stop);
    child.once("error", (error) => {
      process.off("exit", stop);
      reject(error);
    });
    child.once("exit", (code, signal) => {
      process.off("exit", stop);
      if (code === 0) resolve();
      else
        reject(
          new Error(
            `The new database in ${dataDir} could not be prepared (${signal ?? `exit code ${code}`}): ${stderr.trim() || "no message"}`,
          ),
        );
    });
  });
}

/**
 * Locks the data folder and starts the PGlite thread. Light on purpose (no drizzle, no PGlite in this
 * thread): serve.ts calls it before it loads the rest of the server, so PGlite's start (most of a
 * second, in its own thread) runs while the server's modules load and its routes register. With
 * `prepareNewFolderApart`, a new folder is first prepared by a process of its own (prepareApart) and
 * the thread starts once it has: queries sent meanwhile wait.
 */
export function startPgliteThread(
  dataDir: string | null,
  options: { prepareNewFolderApart?: boolean } = {},
): StartedPgliteThread {
  const isNew = dataDir !== null && !existsSync(join(dataDir, "PG_VERSION"));
  const release = dataDir ? lockDataDir(dataDir) : () => {};
  try {
    const preparedApart =
      dataDir && isNew && options.prepareNewFolderApart ? prepareApart(dataDir) : undefined;
    // Marked handled: the client's waitReady carries the error to whoever opens the database.
    preparedApart?.catch(() => {});
    const client = new PgliteWorkerClient(dataDir, preparedApart ? { after: preparedApart } : {});
    return { client, release, isNew, ...(preparedApart && { preparedApart }) };
  } catch (error) {
    release();
    throw error;
  }
}
