import { rmSync } from "node:fs";
import { sql } from "drizzle-orm";
import { ConfigError, loadConfig, loadDotEnv } from "../config";
import { openDatabase } from "../db/client";
import { migrateDatabase } from "../db/migrate";
import { notifyCatalogueChanged } from "../db/notify";
import { seedDatabase } from "../db/seed";

const USAGE = "usage: db <migrate|seed|reset>";

/** `npm run db:migrate | db:seed | db:reset`, on the database the server would use. */
async function run(command: string | undefined): Promise<void> {
  if (command !== "migrate" && command !== "seed" && command !== "reset") throw new Error(USAGE);
  loadDotEnv();
  const config = loadConfig();
  if (command === "reset" && config.database.kind === "pglite" && config.database.dataDir) {
    rmSync(config.database.dataDir, { recursive: true, force: true });
    console.log(`removed ${config.database.dataDir}`);
  }
  const handle = await openDatabase(config.database);
  try {
    if (command === "reset" && config.database.kind === "postgres") {
      await handle.db.execute(sql`drop schema if exists public cascade`);
      await handle.db.execute(sql`drop schema if exists drizzle cascade`);
      await handle.db.execute(sql`create schema public`);
      console.log("dropped every table");
    }
    await migrateDatabase(handle.db, config.database);
    console.log("migrations applied");
    if (command !== "migrate") {
      await seedDatabase(handle.db);
      // Servers on the same PostgreSQL drop their cached answers (decision 0014).
      await notifyCatalogueChanged(handle.db);
      console.log("seed catalogue written");
    }
  } finally {
    await handle.close();
  }
}

run(process.argv[2]).catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : (error as Error).message);
  process.exit(1);
});
