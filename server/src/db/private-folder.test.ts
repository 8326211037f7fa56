import { chmodSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { createTestDataDir, testEngine } from "../test/test-database";
import { openDatabase } from "./client";

const shared = (mode: number) => (mode & 0o077) !== 0;
function sharedEntries(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" }).filter((name) =>
    shared(statSync(join(dir, name)).mode),
  );
}

// PGlite only: a PostgreSQL server keeps its own files.
describe.skipIf(testEngine === "postgres")("the PGlite data folder is private to the server's user", () => {
  const folders: string[] = [];
  afterEach(() => {
    for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
  });

  it("a folder left open to others, and every file PGlite writes, lose group and other permissions", {
    timeout: 60_000,
  }, async () => {
    const parent = mkdtempSync(join(tmpdir(), "waveform-private-"));
    folders.push(parent);
    const dataDir = join(parent, "data");
    // A migrated folder written by PGlite itself (from this run's template), then opened to all.
    await (await createTestDataDir(dataDir)).close();
    chmodSync(dataDir, 0o777);
    expect(sharedEntries(dataDir).length).toBeGreaterThan(5); // PGlite's own files: 0666

    const database = await openDatabase({ kind: "pglite", dataDir });
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    await database.db.execute(sql`create table notes (body text)`);
    await database.db.execute(sql`insert into notes values ('hello')`);
    await database.close();
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    expect(sharedEntries(dataDir)).toEqual([]);
  });
});
