import { closeSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import { join } from "node:path";
import { makeFolderPrivate } from "./private-folder";

export class DataDirLockedError extends Error {
  override name = "DataDirLockedError";
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * PGlite has no lock of its own, and two processes on one data folder corrupt it. We take
 * `server.lock` (holding our pid) exclusively; a lock left by a process that no longer runs is stale
 * and taken over. Returns the function that releases it.
 */
export function lockDataDir(dataDir: string): () => void {
  makeFolderPrivate(dataDir);
  const lockPath = join(dataDir, "server.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockPath, "wx");
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(lockPath, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = Number.parseInt(readFileSync(lockPath, "utf8"), 10);
      if (Number.isInteger(holder) && holder !== process.pid && isRunning(holder)) {
        throw new DataDirLockedError(
          `The database folder ${dataDir} is in use by another server (pid ${holder}). ` +
            "Stop that server, or set DATA_DIR to another folder.",
        );
      }
      rmSync(lockPath, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock the database folder ${dataDir}.`);
}
