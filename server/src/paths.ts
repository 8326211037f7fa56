import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The server package folder, found by walking up to its package.json, so the same code works from
 * `src/` under tsx and from the bundled `dist/server.js`.
 */
function findServerRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, "package.json"))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error("Cannot find the server package folder");
    dir = parent;
  }
  return dir;
}

export const serverRoot = findServerRoot();
export const repoRoot = resolve(serverRoot, "..");
export const migrationsFolder = join(serverRoot, "src", "db", "migrations");
/** SQL applied after the migrations whenever its text changes (db/repeatable-migrations.ts). */
export const repeatableFolder = join(serverRoot, "src", "db", "repeatable");
export const defaultClientDist = join(repoRoot, "client", "dist");
/** The club's own shows' audio, served at /media/podcasts/ (see its README). */
export const podcastMediaFolder = join(serverRoot, "media", "podcasts");
/** The site path that folder is served at. */
export const podcastMediaSitePath = "/media/podcasts/";
export const seedFeedsFolder = join(serverRoot, "src", "db", "seed", "podcast-feeds");
export const feedFixturesFolder = join(serverRoot, "test-fixtures", "podcast-feeds");
