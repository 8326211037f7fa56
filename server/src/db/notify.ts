import { sql } from "drizzle-orm";
import type pg from "pg";
import type { Database, Transaction } from "./client";

/** The PostgreSQL channel on which every catalogue write is announced (decision 0014). */
export const CATALOGUE_CHANNEL = "catalogue_changed";

/**
 * Tells every server listening on the database that the catalogue changed, so each drops its cached
 * answers. Inside a transaction, PostgreSQL delivers it at commit (never for a rollback). Harmless
 * on PGlite, where nothing listens: one process, whose writers clear its cache themselves, and
 * whose folder no CLI can open while the server holds it.
 */
export async function notifyCatalogueChanged(db: Database | Transaction, sender = ""): Promise<void> {
  await db.execute(sql`select pg_notify(${CATALOGUE_CHANNEL}, ${sender})`);
}

export interface Listener {
  close(): Promise<void>;
}

interface ListenOptions {
  url: string;
  channel: string;
  /** A notification arrived; `payload` is what the sender passed. */
  onNotify(payload: string): void;
  /**
   * The connection was lost and is listening again: notifications sent meanwhile were missed, so
   * whatever they would have invalidated must be treated as changed.
   */
  onReconnect(): void;
  /** Connection trouble, reported once per outage (never thrown). */
  onError?(error: Error): void;
  /** Waits between attempts to reconnect: 250 ms doubling up to this. */
  maxRetryMs?: number;
}

/**
 * LISTENs on a connection of its own (not one of the pool's, which come and go), and reconnects
 * after a loss (PostgreSQL restarted, network cut) until closed. Resolves once listening, or once
 * the first attempt failed (it keeps trying in the background).
 */
export async function listen(options: ListenOptions): Promise<Listener> {
  const { default: pgModule } = await import("pg");
  const maxRetryMs = options.maxRetryMs ?? 5000;
  let client: pg.Client | null = null;
  let closed = false;
  let retryMs = 250;
  let retryTimer: NodeJS.Timeout | undefined;
  let firstAttempt = true;
  let reportedOutage = false;

  const scheduleRetry = () => {
    if (closed || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      void connect();
    }, retryMs);
    retryTimer.unref();
    retryMs = Math.min(retryMs * 2, maxRetryMs);
  };

  const lost = (failed: pg.Client, error?: Error) => {
    if (client === failed) client = null;
    failed.removeAllListeners();
    failed.on("error", () => {});
    failed.end().catch(() => {});
    if (closed) return;
    if (error && !reportedOutage) options.onError?.(error);
    reportedOutage = true;
    scheduleRetry();
  };

  async function connect(): Promise<void> {
    // Any attempt after the first follows a failure or a loss: what was missed must be made up for.
    const afterTrouble = !firstAttempt;
    firstAttempt = false;
    const next = new pgModule.Client({ connectionString: options.url, connectionTimeoutMillis: 5000 });
    next.on("error", (error) => lost(next, error));
    next.on("end", () => lost(next));
    next.on("notification", (message) => {
      if (message.channel === options.channel) options.onNotify(message.payload ?? "");
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${pgModule.escapeIdentifier(options.channel)}`);
    } catch (error) {
      lost(next, error as Error);
      return;
    }
    if (closed) {
      await next.end().catch(() => {});
      return;
    }
    client = next;
    retryMs = 250;
    reportedOutage = false;
    if (afterTrouble) options.onReconnect();
  }

  await connect();
  return {
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      const current = client;
      client = null;
      if (current) {
        current.removeAllListeners();
        current.on("error", () => {});
        await current.end().catch(() => {});
      }
    },
  };
}
