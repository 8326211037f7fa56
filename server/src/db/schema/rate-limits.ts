import { integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Rate-limit counters shared by every server on one database: one row per limited route and client
 * (`key`), counting the requests of the window that started at `windowStart` and ends at
 * `expiresAt`. A request after `expiresAt` starts a new window in the same row; rows whose window
 * has ended are purged by the job runner, so the table holds at most one row per client active in
 * the last window.
 */
export const rateLimitHits = pgTable("rate_limit_hits", {
  key: text("key").primaryKey(),
  windowStart: timestamp("window_start", { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  count: integer("count").notNull().default(1),
});
