import { type AnyColumn, between, type SQL, sql } from "drizzle-orm";
import { unionAll } from "drizzle-orm/pg-core";
import type { Database } from "../../db/client";
import { insightUniques } from "../../db/schema";
import { DAY_MS, utcDay } from "./daily-salts";
import { rawUniques } from "./raw-uniques";

/** The last `days` UTC days, today included. */
export function reportWindow(days: number, now: number): { from: string; to: string } {
  return { from: utcDay(now - (days - 1) * DAY_MS), to: utcDay(now) };
}

/**
 * Unique visitors per day and thing in [from, to], as the CTE `u` of the statement that reads it:
 * rolled-up days, and the raw rows of today (and of days not rolled up yet).
 */
export function windowUniques(db: Database, from: string, to: string) {
  return db.$with("u").as(
    unionAll(
      db
        .select({
          day: insightUniques.day,
          metric: insightUniques.metric,
          item: insightUniques.item,
          visitors: insightUniques.visitors,
        })
        .from(insightUniques)
        .where(between(insightUniques.day, from, to)),
      rawUniques(db, (day) => between(day, from, to)),
    ),
  );
}

/** A sum as an int, 0 over no rows. */
export const sumOf = (column: AnyColumn | SQL) => sql<number>`coalesce(sum(${column}), 0)::int`;
