import { sql } from "drizzle-orm";
import type { Database } from "../db/client";

/** Pages still pending in `table`'s GIN indexes, merging them: what tests check is 0 after a write. */
export async function pendingGinPages(db: Database, table: string): Promise<number> {
  const result = await db.execute(sql`
    select coalesce(sum(gin_clean_pending_list(x.indexrelid)), 0)::int as pages
    from pg_index x
    join pg_class i on i.oid = x.indexrelid
    join pg_am a on a.oid = i.relam
    where x.indrelid = ${table}::regclass and a.amname = 'gin'`);
  return Number((result as unknown as { rows: Array<{ pages: number }> }).rows[0]?.pages ?? 0);
}
