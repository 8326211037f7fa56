import { PGlite, type PGliteOptions } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import type { DatabaseConfig } from "../config";
import { pgliteOptions as sharedPgliteOptions } from "./pglite-extensions";
import { lockDataDir } from "./pglite-lock";
import type { PgliteWorkerClient } from "./pglite-worker/pglite-worker-client";
import { type StartedPgliteThread, startPgliteThread } from "./pglite-worker/start-thread";
import { makeFilesPrivate } from "./private-folder";
import * as schema from "./schema";

export type Schema = typeof schema;
/** The one database type the repositories see, whichever engine is behind it. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction in progress, as `Database.transaction` hands it to its callback. */
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

export interface DatabaseHandle {
  db: Database;
  engine: "pglite" | "postgres";
  /** PostgreSQL's connection string (for a LISTEN connection of its own); unset for PGlite. */
  url?: string;
  /** Throws when the database does not answer. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** How a PGlite database runs: in this thread, or in a worker thread of its own (the server's). */
interface StartOptions {
  pgliteInWorker?: boolean;
  /** The server's PGlite thread, started already (serve.ts starts it before loading the server). */
  started?: StartedPgliteThread;
}

/**
 * A PGlite database, handed back at once: starting PGlite takes most of a second, and queries made
 * before it has started wait for it. `ready` settles when it has started, or rejects (releasing the
 * folder's lock) when it cannot. In a worker thread, its queries never block this thread.
 */
function startPglite(dataDir: string | null, options: StartOptions): OpeningDatabase {
  let client: PGlite | PgliteWorkerClient;
  let release: () => void;
  if (options.started) ({ client, release } = options.started);
  else if (options.pgliteInWorker) ({ client, release } = startPgliteThread(dataDir));
  else {
    release = dataDir ? lockDataDir(dataDir) : () => {};
    try {
      const pgliteOptions: PGliteOptions = sharedPgliteOptions;
      client = dataDir ? new PGlite(dataDir, pgliteOptions) : new PGlite(pgliteOptions);
    } catch (error) {
      release();
      throw error;
    }
  }
  const ready = client.waitReady.catch((error: unknown) => {
    release();
    throw error;
  });
  const started = ready.then(
    () => true,
    () => false,
  );
  // In the background once started (a start does not wait), and again once closed.
  const privateFiles = () => (dataDir ? makeFilesPrivate(dataDir).catch(() => 0) : Promise.resolve(0));
  void ready.then(privateFiles, () => {});
  // The worker client answers the calls drizzle's PGlite driver makes (query, exec, transaction).
  const db = drizzlePglite({ client: client as PGlite, schema }) as unknown as Database;
  const handle: DatabaseHandle = {
    db,
    engine: "pglite",
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: async () => {
      // One that could not start has nothing to close, and has released its lock already.
      if (!(await started)) return;
      try {
        await client.close();
        await privateFiles();
      } finally {
        release();
      }
    },
  };
  return { handle, ready };
}

/** How long a ping may take before PostgreSQL counts as unreachable. */
const PING_TIMEOUT_MS = 2000;

/**
 * Pings PostgreSQL on a connection of its own, opened on the first ping and again after a loss:
 * a ping through the pool would wait behind the queries queued for it, and under load a load
 * balancer whose health checks time out takes a busy server out of rotation, which makes the
 * others busier. A ping says whether the database answers, not how busy this server is.
 */
function pinger(pg: typeof import("pg").default, url: string) {
  let client: import("pg").Client | null = null;
  let connecting: Promise<import("pg").Client> | null = null;
  const drop = (dead: import("pg").Client) => {
    if (client === dead) client = null;
    dead.end().catch(() => {});
  };
  const connected = () => {
    if (client) return Promise.resolve(client);
    connecting ??= (async () => {
      const next = new pg.Client({
        connectionString: url,
        connectionTimeoutMillis: PING_TIMEOUT_MS,
        query_timeout: PING_TIMEOUT_MS,
      });
      next.on("error", () => drop(next));
      try {
        await next.connect();
      } catch (error) {
        drop(next);
        throw error;
      }
      client = next;
      return next;
    })().finally(() => {
      connecting = null;
    });
    return connecting;
  };
  return {
    async ping(): Promise<void> {
      const connection = await connected();
      try {
        await connection.query("select 1");
      } catch (error) {
        drop(connection);
        throw error;
      }
    },
    async close(): Promise<void> {
      const current = client;
      client = null;
      await current?.end().catch(() => {});
    },
  };
}

/** node-postgres and its drizzle driver load only when PostgreSQL is configured (PGlite starts faster). */
async function openPostgres(url: string): Promise<DatabaseHandle> {
  const [{ default: pg }, { drizzle: drizzlePg }] = await Promise.all([
    import("pg"),
    import("drizzle-orm/node-postgres"),
  ]);
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5000 });
  // A lost connection (PostgreSQL restarted or stopped) must never crash the process; the next query
  // reports it. The pool listens for errors on idle clients only: a client checked out between two
  // statements of a transaction emits its error on itself, and with no listener Node throws it.
  pool.on("error", () => {});
  pool.on("connect", (client) => client.on("error", () => {}));
  const { ping, close: closePinger } = pinger(pg, url);
  const db = drizzlePg({ client: pool, schema }) as unknown as Database;
  return {
    db,
    engine: "postgres",
    url,
    ping,
    close: async () => {
      await closePinger();
      await pool.end();
    },
  };
}

/** A database being opened: the handle to use now, and when the database has started. */
export interface OpeningDatabase {
  handle: DatabaseHandle;
  ready: Promise<void>;
}

/**
 * Starts opening the configured database: PGlite's handle comes at once (its queries wait until it
 * has started), so a caller can do other work meanwhile and await `ready` before it serves.
 */
export async function startDatabase(
  config: DatabaseConfig,
  options: StartOptions = {},
): Promise<OpeningDatabase> {
  if (config.kind === "pglite") return startPglite(config.dataDir, options);
  return { handle: await openPostgres(config.url), ready: Promise.resolve() };
}

/** Opens the configured database and waits until it has started. */
export async function openDatabase(
  config: DatabaseConfig,
  options: StartOptions = {},
): Promise<DatabaseHandle> {
  const { handle, ready } = await startDatabase(config, options);
  await ready;
  return handle;
}
