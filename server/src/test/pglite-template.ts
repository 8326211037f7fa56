import { createHash } from "node:crypto";
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import type { TestProject } from "vitest/node";
import type { Database } from "../db/client";
import { migrateDatabase } from "../db/migrate";
import { pgliteOptions } from "../db/pglite-extensions";
import * as schema from "../db/schema";
import { migrationsFolder, repeatableFolder } from "../paths";

/** Where this run's PGlite templates are (see createTestDatabase). */
export interface PgliteTemplates {
  /** Every migration applied, no rows. */
  migrated: string;
  /** The same, then seedDatabase: made by the first test file that asks for it. */
  seeded: string;
}

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplates: PgliteTemplates;
  }
}

function pgliteVersion(): string {
  let dir = dirname(createRequire(import.meta.url).resolve("@electric-sql/pglite"));
  for (;;) {
    const file = join(dir, "package.json");
    if (existsSync(file)) {
      const { name, version } = JSON.parse(readFileSync(file, "utf8")) as { name?: string; version: string };
      if (name === "@electric-sql/pglite") return version;
    }
    if (dirname(dir) === dir) throw new Error("Cannot find PGlite's package.json");
    dir = dirname(dir);
  }
}

/**
 * Names everything a migrated, empty database depends on: the migrations, the repeatable files
 * (the search functions) and the PGlite build.
 */
function migratedKey(): string {
  const hash = createHash("sha256").update(pgliteVersion());
  for (const folder of [migrationsFolder, repeatableFolder]) {
    for (const file of readdirSync(folder)
      .filter((name) => name.endsWith(".sql"))
      .sort()) {
      hash.update(file).update(readFileSync(join(folder, file)));
    }
  }
  hash.update(readFileSync(join(migrationsFolder, "meta", "_journal.json")));
  return hash.digest("hex").slice(0, 16);
}

/** Writes PGlite's dump of its database to `file`, beside it first so no reader sees half a file. */
export async function dumpTo(client: PGlite, file: string): Promise<void> {
  const dump = await client.dumpDataDir("none");
  const partial = `${file}.${process.pid}.${Date.now()}.partial`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  renameSync(partial, file);
}

/**
 * Vitest global setup of the PGlite server suite. A test database starts from a dump (PGlite's
 * `loadDataDir`) instead of running initdb and every migration: initdb is most of PGlite's start-up
 * cost, and the suite makes a database per test file.
 *
 * The migrated dump is kept in the system temp folder under a hash of the migrations, the repeatable
 * files and the PGlite version, so only a changed migration (or PGlite) makes it again. The seeded one depends on much
 * more code, so it lives in a folder of this run only: the first test file that wants a seeded
 * database seeds one from the migrated dump and leaves its dump there for the others.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  const dir = mkdtempSync(join(tmpdir(), "waveform-pglite-run-"));
  const templates: PgliteTemplates = {
    migrated: join(tmpdir(), `waveform-pglite-migrated-${migratedKey()}.tar`),
    seeded: join(dir, "seeded.tar"),
  };
  if (!existsSync(templates.migrated)) {
    const client = new PGlite(pgliteOptions);
    try {
      await migrateDatabase(drizzle({ client, schema }) as unknown as Database, {
        kind: "pglite",
        dataDir: null,
      });
      await dumpTo(client, templates.migrated);
    } finally {
      await client.close();
    }
  }
  project.provide("pgliteTemplates", templates);
  return () => rmSync(dir, { recursive: true, force: true });
}
