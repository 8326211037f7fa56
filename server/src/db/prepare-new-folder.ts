// Creates, migrates and seeds a new PGlite folder, then exits: run by a starting server in a process
// of its own (pglite-worker/start-thread.ts, prepareApart), so the memory this takes is returned to
// the system when it is done. The server holds the folder's lock meanwhile.
//
//   node prepare-new-folder.js <dataDir> <pid of the server holding its lock>
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import type { Database } from "./client";
import { pgliteOptions } from "./pglite-extensions";
import { prepareOpenDatabase } from "./prepare";
import * as schema from "./schema";

async function main([dataDir, lockHolder]: string[]): Promise<void> {
  if (!dataDir || !lockHolder) throw new Error("usage: prepare-new-folder <dataDir> <lock holder's pid>");
  // Only for the server that locked the folder for it: two processes on one folder corrupt it.
  const holder = readFileSync(join(dataDir, "server.lock"), "utf8").trim();
  if (holder !== lockHolder) throw new Error(`${dataDir} is not locked by process ${lockHolder}`);
  const client = new PGlite(dataDir, pgliteOptions);
  try {
    await client.waitReady;
    const db = drizzle({ client, schema }) as unknown as Database;
    await prepareOpenDatabase(db, { kind: "pglite", dataDir }, { info: () => {} });
  } finally {
    await client.close();
  }
}

main(process.argv.slice(2)).then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
    process.exit(1);
  },
);
