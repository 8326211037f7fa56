import { chmodSync, mkdirSync } from "node:fs";
import { chmod, readdir, stat } from "node:fs/promises";
import { join } from "node:path";

/** Group and other permission bits: none may be set on the data folder or anything in it. */
const SHARED_BITS = 0o077;

/**
 * Creates the data folder readable by the server's user only, and makes an existing one so: with
 * the folder at 0700 nothing inside can be reached by another user, whatever its own mode.
 */
export function makeFolderPrivate(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
}

/**
 * PGlite creates its files world-writable (0666, whatever the umask): takes group and other
 * permissions off every file (0600) and folder (0700) under `dir`. Returns how many it changed.
 */
export async function makeFilesPrivate(dir: string): Promise<number> {
  let changed = 0;
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  for (const entry of entries) {
    const path = join(entry.parentPath, entry.name);
    try {
      const { mode } = await stat(path);
      if ((mode & SHARED_BITS) === 0) continue;
      await chmod(path, entry.isDirectory() ? 0o700 : 0o600);
      changed += 1;
    } catch {
      // Removed meanwhile (PGlite replaces files as it works): nothing to do.
    }
  }
  return changed;
}
