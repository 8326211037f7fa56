import { INSIGHT_REPORT_DAYS } from "@waveform/contracts/insights";
import { and, eq, like, lt, ne, sql } from "drizzle-orm";
import type { Database, Transaction } from "../../db/client";
import { insightCounts, insightSalts, insightUniques, insightVisitors } from "../../db/schema";
import { DAY_MS, utcDay } from "./daily-salts";
import { UNIQUE } from "./insights-buffer";
import { rawUniques } from "./raw-uniques";

/**
 * Days whose counts stay per item (page, term, domain, episode, ad): the report's longest window,
 * today included. Older days keep only their totals per metric (issue 43: the tables grew without
 * end, by as many rows as a client made up).
 */
const RAW_RETENTION_DAYS = Math.max(...INSIGHT_REPORT_DAYS);

/** `excluded.<column>` of an upsert: the value the conflicting insert would have written. */
const excluded = (column: { name: string }) => sql`excluded.${sql.identifier(column.name)}`;

/**
 * Days before the retention window: each metric's rows of a day become one row of their total
 * (item ''; downloads one per app, as `0:<app>`, so the split by app stays), in `insight_counts`
 * and `insight_uniques`. A day's site visitors (metric 'site', item '') are such a row already.
 * Sums of unique visitors over items (pages, subjects) are what the report adds up too.
 */
async function keepTotalsOnly(tx: Transaction, now: number): Promise<void> {
  const before = utcDay(now - (RAW_RETENTION_DAYS - 1) * DAY_MS);
  const oldCounts = tx.$with("old_counts").as(
    tx
      .delete(insightCounts)
      .where(and(lt(insightCounts.day, before), ne(insightCounts.item, "")))
      .returning({ day: insightCounts.day, metric: insightCounts.metric, count: insightCounts.count }),
  );
  await tx
    .with(oldCounts)
    .insert(insightCounts)
    .select((qb) =>
      qb
        .select({
          day: oldCounts.day,
          metric: oldCounts.metric,
          item: sql<string>`''`.as("item"),
          count: sql<number>`sum(${oldCounts.count})`.as("count"),
        })
        .from(oldCounts)
        .groupBy(oldCounts.day, oldCounts.metric),
    )
    .onConflictDoUpdate({
      target: [insightCounts.day, insightCounts.metric, insightCounts.item],
      set: { count: sql`${insightCounts.count} + ${excluded(insightCounts.count)}` },
    });
  const isDownload = eq(insightUniques.metric, UNIQUE.download);
  const oldUniques = tx.$with("old_uniques").as(
    tx
      .delete(insightUniques)
      .where(
        and(
          lt(insightUniques.day, before),
          ne(insightUniques.item, ""),
          sql`not (${isDownload} and ${like(insightUniques.item, "0:%")})`,
        ),
      )
      .returning({
        day: insightUniques.day,
        metric: insightUniques.metric,
        item: insightUniques.item,
        visitors: insightUniques.visitors,
      }),
  );
  const total = sql<string>`case when ${oldUniques.metric} = ${UNIQUE.download}
    then '0:' || split_part(${oldUniques.item}, ':', 2) else '' end`.as("item");
  await tx
    .with(oldUniques)
    .insert(insightUniques)
    .select((qb) =>
      qb
        .select({
          day: oldUniques.day,
          metric: oldUniques.metric,
          item: total,
          visitors: sql<number>`sum(${oldUniques.visitors})`.as("visitors"),
        })
        .from(oldUniques)
        .groupBy(oldUniques.day, oldUniques.metric, sql`3`),
    )
    .onConflictDoUpdate({
      target: [insightUniques.day, insightUniques.metric, insightUniques.item],
      set: { visitors: sql`${insightUniques.visitors} + ${excluded(insightUniques.visitors)}` },
    });
}

/**
 * How long after midnight (UTC) a day's visitors stay raw: servers flush what they counted before
 * midnight for up to a flush interval after it, and the rollup waits for those rows.
 */
const ROLLUP_GRACE_MS = 10 * 60_000;

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
    const stored = await tx
      .insert(insightUniques)
      .select(rawUniques(tx, (day) => lt(day, cutoff)))
      .onConflictDoUpdate({
        target: [insightUniques.day, insightUniques.metric, insightUniques.item],
        set: { visitors: sql`${insightUniques.visitors} + ${excluded(insightUniques.visitors)}` },
      })
      .returning({ day: insightUniques.day });
    await tx.delete(insightVisitors).where(lt(insightVisitors.day, cutoff));
    await tx.delete(insightSalts).where(lt(insightSalts.day, cutoff));
    await keepTotalsOnly(tx, now);
    return [...new Set(stored.map((row) => row.day))].sort();
  });
}
