import { INSIGHT_REPORT_DAYS } from "@waveform/contracts/insights";
import { sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { DAY_MS, utcDay } from "./daily-salts";
import { UNIQUE } from "./insights-buffer";
import { rawUniques } from "./raw-uniques";

/**
 * Days whose counts stay per item (page, term, domain, episode, ad): the report's longest window,
 * today included. Older days keep only their totals per metric (issue 43: the tables grew without
 * end, by as many rows as a client made up).
 */
export const RAW_RETENTION_DAYS = Math.max(...INSIGHT_REPORT_DAYS);

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/**
 * Days before the retention window: each metric's rows of a day become one row of their total
 * (item ''; downloads one per app, as `0:<app>`, so the split by app stays), in `insight_counts`
 * and `insight_uniques`. A day's site visitors (metric 'site', item '') are such a row already.
 * Sums of unique visitors over items (pages, subjects) are what the report adds up too.
 */
async function keepTotalsOnly(tx: Transaction, now: number): Promise<void> {
  const before = utcDay(now - (RAW_RETENTION_DAYS - 1) * DAY_MS);
  await tx.execute(sql`
    with old as (
      delete from insight_counts where day < ${before}::date and item <> '' returning day, metric, count
    )
    insert into insight_counts (day, metric, item, count)
    select day, metric, '', sum(count) from old group by day, metric
    on conflict (day, metric, item) do update set count = insight_counts.count + excluded.count`);
  await tx.execute(sql`
    with old as (
      delete from insight_uniques where day < ${before}::date
        and item <> '' and not (metric = ${UNIQUE.download} and item like '0:%')
      returning day, metric, item, visitors
    )
    insert into insight_uniques (day, metric, item, visitors)
    select day, metric,
      case when metric = ${UNIQUE.download} then '0:' || split_part(item, ':', 2) else '' end, sum(visitors)
    from old group by 1, 2, 3
    on conflict (day, metric, item) do update set visitors = insight_uniques.visitors + excluded.visitors`);
}

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
 * longer than the grace) are added to its counts by the next rollup. Days older than
 * RAW_RETENTION_DAYS keep their totals only. Returns the days rolled up.
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
    await keepTotalsOnly(tx, now);
    return (result as unknown as { rows: Array<{ day: string }> }).rows.map((row) => row.day);
  });
}
