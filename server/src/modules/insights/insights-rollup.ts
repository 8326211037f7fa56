import { sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { utcDay } from "./daily-salts";
import { rawUniques } from "./raw-uniques";

/**
 * How long after midnight (UTC) a day's visitors stay raw: servers flush what they counted before
 * midnight for up to a flush interval after it, and the rollup waits for those rows.
 */
export const ROLLUP_GRACE_MS = 10 * 60_000;

/**
 * The rollup (one server at a time, as a background job): every ended day's visitor hashes become
 * counts of unique visitors per thing (the site's too: the distinct visitors of its pages, with
 * metric 'site' as before), then the hashes and the ended days' salts are deleted, all
 * in one transaction. Rows that arrive later for a rolled-up day (a server that could not flush for
 * longer than the grace) are added to its counts by the next rollup. Returns the days rolled up.
 */
export async function rollUpInsights(db: Database, now: number): Promise<string[]> {
  const cutoff = utcDay(now - ROLLUP_GRACE_MS);
  return db.transaction(async (tx) => {
    const result = await tx.execute(sql`
      with counted as (
        select day, metric, item, visitors from ${rawUniques(sql`day < ${cutoff}::date`)} raw
      ), stored as (
        insert into insight_uniques (day, metric, item, visitors)
        select day, metric, item, visitors from counted
        on conflict (day, metric, item) do update set visitors = insight_uniques.visitors + excluded.visitors
        returning day
      )
      select distinct to_char(day, 'YYYY-MM-DD') as day from stored order by 1`);
    await tx.execute(sql`delete from insight_visitors where day < ${cutoff}::date`);
    await tx.execute(sql`delete from insight_salts where day < ${cutoff}::date`);
    return (result as unknown as { rows: Array<{ day: string }> }).rows.map((row) => row.day);
  });
}
