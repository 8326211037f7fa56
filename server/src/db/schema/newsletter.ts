import { index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

export const newsletterSubscriptions = pgTable("newsletter_subscriptions", {
  id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
  /** Trimmed and lower-cased; one row per address. */
  email: text("email").notNull().unique(),
  /** pending → confirmed → unsubscribed (a new subscription makes it pending again). */
  status: text("status").notNull().default("pending"),
  consentAt: timestamp("consent_at", { withTimezone: true }).notNull(),
  consentTextVersion: text("consent_text_version").notNull(),
  sourcePage: text("source_page"),
  /** SHA-256 of the single-use tokens sent by email; the tokens themselves are never stored here. */
  confirmTokenHash: text("confirm_token_hash"),
  unsubscribeTokenHash: text("unsubscribe_token_hash"),
  confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Transactional outbox: a message row commits with the change that causes it, and a worker
 * delivers it later, so nothing is lost when the mail server is down.
 */
export const outbox = pgTable(
  "outbox",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    kind: text("kind").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("outbox_pending_idx").on(table.sentAt, table.nextAttemptAt)],
);
