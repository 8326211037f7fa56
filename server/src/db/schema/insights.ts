import { bigint, date, integer, pgTable, primaryKey, smallint, text } from "drizzle-orm/pg-core";

/**
 * Cookie-less insights (issue 33, decision 0022).
 *
 * `insight_salts`: one random salt per UTC day, shared by every server; created by whichever server
 * needs it first (insert … on conflict do nothing, then read) and deleted by the rollup once its
 * day has ended, so no hash of an ended day can be recomputed.
 */
export const insightSalts = pgTable("insight_salts", {
  day: date("day", { mode: "string" }).primaryKey(),
  /** 32 random bytes, hex. */
  salt: text("salt").notNull(),
});

/**
 * Plain counts per UTC day: page views by path, plays by episode, referrer domains, empty search
 * terms, ad impressions and clicks, saves to Spotify. Each flush adds its sums in one statement.
 */
export const insightCounts = pgTable(
  "insight_counts",
  {
    day: date("day", { mode: "string" }).notNull(),
    metric: text("metric").notNull(),
    item: text("item").notNull(),
    count: bigint("count", { mode: "number" }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.day, table.metric, table.item] })],
);

/**
 * The current day's visitor hashes per thing (a page, an episode's listeners and downloads): one
 * row per visitor and thing, so several servers adding the same visitor count once. The site has
 * no rows: its visitors are the distinct visitors of the day's page rows. Narrow on purpose (a
 * flush writes one row per new visitor and thing): the key compares a date, a bigint and a smallint
 * before any text. Only the current UTC day's rows exist: the rollup turns an ended day's rows into
 * `insight_uniques` and deletes them.
 */
export const insightVisitors = pgTable(
  "insight_visitors",
  {
    day: date("day", { mode: "string" }).notNull(),
    /** The truncated visitor hash, 16 hex digits as a signed 64-bit integer (visitor.ts). */
    visitor: bigint("visitor", { mode: "bigint" }).notNull(),
    /** What the visitor was counted of: insights-buffer.ts `UNIQUE_CODE`. */
    metric: smallint("metric").notNull(),
    item: text("item").notNull(),
  },
  (table) => [primaryKey({ columns: [table.day, table.visitor, table.metric, table.item] })],
);

/** Unique visitors per ended day and thing, from the rollup of `insight_visitors`. */
export const insightUniques = pgTable(
  "insight_uniques",
  {
    day: date("day", { mode: "string" }).notNull(),
    metric: text("metric").notNull(),
    item: text("item").notNull(),
    visitors: integer("visitors").notNull(),
  },
  (table) => [primaryKey({ columns: [table.day, table.metric, table.item] })],
);
