import { sql } from "drizzle-orm";
import type { Database, Transaction } from "./client";

/**
 * Merges the pending lists of the GIN indexes of `tables` into the indexes themselves; answers how
 * many pages were pending (tests check a write leaves none).
 *
 * A GIN index takes new entries into a pending list (up to 64 kB here, the least allowed), and
 * every scan of the index reads the whole list until VACUUM, or a write that overflows it, merges
 * it. PGlite never vacuums, so the list of a search index stayed full: on the seed, a site search
 * spent ~0.4 ms of its ~1.3 ms reading the five lists, and 'Did you mean' 1 ms (decision 0011,
 * fifth sitting). Writers call this before they commit, so readers find the lists empty. On
 * PostgreSQL it does the same, sooner than autovacuum would. Only indexes this role owns are
 * merged (merging needs the owner, as VACUUM does); the app owns the ones it migrated.
 */
export async function mergeGinPendingLists(db: Database | Transaction, ...tables: string[]): Promise<number> {
  const result = await db.execute(sql`
    select coalesce(sum(gin_clean_pending_list(x.indexrelid)), 0)::int as pages
    from pg_index x
    join pg_class i on i.oid = x.indexrelid
    join pg_am a on a.oid = i.relam
    where x.indrelid = any(${`{${tables.join(",")}}`}::regclass[]) and a.amname = 'gin'
      and pg_has_role(i.relowner, 'USAGE')`);
  return Number((result as unknown as { rows: Array<{ pages: number }> }).rows[0]?.pages ?? 0);
}
