import { pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * One row per background job that only one server may run at a time. A server runs the job while
 * it holds an unexpired lease; one that dies releases it by time. `notBefore` pauses the job for
 * every server (a rate limit's Retry-After).
 */
export const jobLeases = pgTable("job_leases", {
  name: text("name").primaryKey(),
  holder: text("holder"),
  leaseUntil: timestamp("lease_until", { withTimezone: true }).notNull().defaultNow(),
  notBefore: timestamp("not_before", { withTimezone: true }).notNull().defaultNow(),
});
