import { sql } from "drizzle-orm";
import type { Database, Transaction } from "../../db/client";
import { notifyCatalogueChanged } from "../../db/notify";
import { reindexCatalogue } from "../search/index";

/**
 * Any number: names the lock that makes catalogue writes take turns (the index is rebuilt whole).
 * Playlists, releases and genres all take it, so console writes of every content type queue on it.
 */
const CATALOGUE_WRITE_LOCK = 0x0c47a10;

/**
 * One console write of catalogue content (decision 0018), in one transaction: the lock, `work`
 * (the rows and their audit entry), the catalogue's search documents rebuilt from the rows as they
 * stand, and NOTIFY catalogue_changed (delivered at commit). A throw in `work` rolls all of it back.
 * The caller clears its server's cache after the commit.
 */
export async function inCatalogueWrite<T>(db: Database, work: (tx: Transaction) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    // Two writers rebuilding the index at once could each miss the other's change.
    await tx.execute(sql`select pg_advisory_xact_lock(${CATALOGUE_WRITE_LOCK})`);
    const result = await work(tx);
    await reindexCatalogue(tx);
    await notifyCatalogueChanged(tx);
    return result;
  });
}

/** A write refused for a reason the curator can fix: the field it concerns and what to do. */
export class CatalogueWriteError extends Error {
  constructor(
    readonly statusCode: 400 | 404,
    message: string,
    readonly issues: { path: string; message: string }[] = [],
  ) {
    super(message);
    this.name = "CatalogueWriteError";
  }

  /** A 400 naming one field of the form. */
  static field(path: string, message: string): CatalogueWriteError {
    return new CatalogueWriteError(400, "Please check the highlighted fields", [{ path, message }]);
  }

  /** The API's error shape: `{ error, issues? }`. */
  toBody(): { error: string; issues?: { path: string; message: string }[] } {
    return this.issues.length > 0 ? { error: this.message, issues: this.issues } : { error: this.message };
  }
}
