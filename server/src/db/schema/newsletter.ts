import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

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
  /**
   * Never mailed again (issue 34): a 5xx at RCPT TO, a hard bounce or a complaint reported by the
   * provider's webhook. The reason says which, for the console.
   */
  suppressedAt: timestamp("suppressed_at", { withTimezone: true }),
  suppressedReason: text("suppressed_reason"),
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
    /**
     * One message per key, ever (issue 34: `issue:<id>:<subscription id>`), so queueing an issue
     * twice, or on two servers at once, cannot mail anyone twice.
     */
    dedupeKey: text("dedupe_key"),
    /** The newsletter issue a message belongs to: its rows are claimed only while it is sending. */
    issueId: integer("issue_id").references(() => newsletterIssues.id, { onDelete: "cascade" }),
    /** How a finished newsletter message ended: sent, failed (5xx or retries used up) or suppressed. */
    outcome: text("outcome"),
  },
  (table) => [
    index("outbox_pending_idx").on(table.sentAt, table.nextAttemptAt),
    uniqueIndex("outbox_dedupe_key_idx").on(table.dedupeKey),
    index("outbox_issue_idx").on(table.issueId, table.outcome).where(sql`${table.issueId} is not null`),
  ],
);

/**
 * A newsletter issue (issue 34): draft → scheduled → sending ⇄ paused → sent. `version` counts
 * saves (an autosave with a stale one is refused). Public from `published_at` (sending began).
 */
export const newsletterIssues = pgTable("newsletter_issues", {
  id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
  title: text("title").notNull(),
  slug: text("slug").notNull().unique(),
  intro: text("intro").notNull().default(""),
  sections: jsonb("sections").$type<unknown[]>().notNull().default([]),
  state: text("state").notNull().default("draft"),
  version: integer("version").notNull().default(1),
  scheduledAt: timestamp("scheduled_at", { withTimezone: true }),
  publishedAt: timestamp("published_at", { withTimezone: true }),
  sentAt: timestamp("sent_at", { withTimezone: true }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Newsletter settings by name: the welcome mail, the secret that signs one-click unsubscribe links. */
export const newsletterSettings = pgTable("newsletter_settings", {
  name: text("name").primaryKey(),
  value: jsonb("value").$type<Record<string, unknown>>().notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
