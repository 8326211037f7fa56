import { bigint, date, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";

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
 * The current day's visitor hashes per thing (the site, a page, an episode's listeners and
 * downloads): one row per visitor and thing, so several servers adding the same visitor count once.
 * Only the current UTC day's rows exist: the rollup turns an ended day's rows into
 * `insight_uniques` and deletes them.
 */
export const insightVisitors = pgTable(
  "insight_visitors",
  {
    day: date("day", { mode: "string" }).notNull(),
    metric: text("metric").notNull(),
    item: text("item").notNull(),
    /** The truncated visitor hash (16 hex digits). */
    visitor: text("visitor").notNull(),
  },
  (table) => [primaryKey({ columns: [table.day, table.metric, table.item, table.visitor] })],
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
