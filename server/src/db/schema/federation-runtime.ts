import { sql } from "drizzle-orm";
import {
  bigint,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

/**
 * Text compared byte by byte whatever the database's collation: the federation store's keys, whose
 * prefix lists are range scans of the primary key (see db-kv-store.ts for how keys are encoded).
 */
const byteOrderedText = customType<{ data: string }>({
  dataType: () => 'text collate "C"',
});

/**
 * Fedify's key–value store (what it caches and remembers: remote documents, public keys, the
 * activities it has seen): one row per key, the key's parts encoded in one byte-ordered text so that
 * every key under a prefix lies in one range of the primary key. A row whose `expiresAt` has passed
 * is invisible, and purged by a background job.
 */
export const federationKv = pgTable(
  "federation_kv",
  {
    key: byteOrderedText("key").primaryKey(),
    value: jsonb("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
  },
  (table) => [index("federation_kv_expires_at").on(table.expiresAt).where(sql`expires_at is not null`)],
);

/**
 * Fedify's message queues (inbox, outbox, fan-out), shared by every server on one database. A row is
 * waiting until `availableAt` (a delay, a retry's wait); a server takes it by setting `claim` and
 * moving `availableAt` to the end of its lease, which it extends while its handler runs; a server
 * that dies leaves the lease to run out, and another takes the row. A message enqueued by the
 * handler of another (a fan-out's deliveries) names it and its place among what that handler
 * enqueued (`parentId`, `parentSeq`, unique): handled again, the parent enqueues nothing twice. A
 * handled row is deleted, or kept `doneAt` while its parent may still be handled again. A row given
 * up after its attempts is kept `failedAt` with its last error.
 */
export const federationMessages = pgTable(
  "federation_messages",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    queue: text("queue").notNull(),
    message: jsonb("message").notNull(),
    orderingKey: text("ordering_key"),
    parentId: bigint("parent_id", { mode: "number" }),
    parentSeq: integer("parent_seq"),
    availableAt: timestamp("available_at", { withTimezone: true }).notNull().defaultNow(),
    claim: text("claim"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    doneAt: timestamp("done_at", { withTimezone: true }),
    failedAt: timestamp("failed_at", { withTimezone: true }),
  },
  (table) => [
    index("federation_messages_waiting")
      .on(table.queue, table.availableAt, table.id)
      .where(sql`done_at is null and failed_at is null`),
    index("federation_messages_ordering")
      .on(table.queue, table.orderingKey, table.id)
      .where(sql`ordering_key is not null and done_at is null and failed_at is null`),
    uniqueIndex("federation_messages_parent").on(table.parentId, table.parentSeq),
    index("federation_messages_done_at").on(table.doneAt).where(sql`done_at is not null`),
    index("federation_messages_failed_at").on(table.failedAt).where(sql`failed_at is not null`),
  ],
);
