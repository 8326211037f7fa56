import type { JsonWebKey } from "node:crypto";
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

/**
 * The club's fediverse accounts: `club` (the club itself, its handle set in the console) and one
 * per club show (the show's slug). A row is made the first time the account is asked for, with its
 * key pairs (RSA for HTTP Signatures, Ed25519 for Object Integrity Proofs), as JWK.
 */
export const federationAccounts = pgTable("federation_accounts", {
  /** `club`, or `show:<slug>`: what the account is, never changed by a renamed handle. */
  key: text("key").primaryKey(),
  /** Follow requests wait for an operator's approval instead of being accepted at once. */
  manuallyApproves: boolean("manually_approves").notNull().default(false),
  /** The key pairs as JWK: [{ publicKey, privateKey }] in the order they are published. */
  keyPairs: jsonb("key_pairs").$type<{ publicKey: JsonWebKey; privateKey: JsonWebKey }[]>().notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Who follows an account. A follow is `pending` while an operator has not approved it (approval
 * mode), then `accepted`. Deliveries go to `shared_inbox` when the follower's server has one.
 */
export const federationFollowers = pgTable(
  "federation_followers",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    accountKey: text("account_key").notNull(),
    /** The follower's actor id (an https address). */
    actorId: text("actor_id").notNull(),
    /** `@name@host` as the follower's server names it, for people to read. */
    handle: text("handle").notNull(),
    name: text("name").notNull().default(""),
    inbox: text("inbox").notNull(),
    sharedInbox: text("shared_inbox"),
    /** The follower's server's host name: per-instance counts, blocks and delivery health. */
    instance: text("instance").notNull(),
    /** The Follow activity's id, answered by Accept or Reject. */
    followId: text("follow_id").notNull(),
    state: text("state").notNull().default("accepted"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("federation_followers_account_actor_idx").on(table.accountKey, table.actorId),
    index("federation_followers_instance_idx").on(table.instance),
    check("federation_followers_state", sql`${table.state} in ('pending', 'accepted')`),
  ],
);

/**
 * What an account has posted: one row per episode, newsletter issue or playlist, made when the
 * publication job first sees it. `digest` is a hash of what the post says, so an edit is sent as
 * an Update; `deleted_at` marks a removal (sent as a Delete, answered with a Tombstone).
 */
export const federationPosts = pgTable(
  "federation_posts",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    accountKey: text("account_key").notNull(),
    /** `episode`, `issue` or `playlist`, and the id of that row. */
    subjectKind: text("subject_kind").notNull(),
    subjectId: integer("subject_id").notNull(),
    digest: text("digest").notNull(),
    /** The object as it was last sent (JSON-LD compacted), so a Delete or an outbox page needs no rebuild. */
    object: jsonb("object").$type<Record<string, unknown>>().notNull(),
    publishedAt: timestamp("published_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    /** True once the Create (and the club's Announce) went to the followers' queue. */
    announced: boolean("announced").notNull().default(false),
  },
  (table) => [
    uniqueIndex("federation_posts_subject_idx").on(table.subjectKind, table.subjectId),
    index("federation_posts_account_idx").on(table.accountKey, table.publishedAt),
    check("federation_posts_kind", sql`${table.subjectKind} in ('episode', 'issue', 'playlist')`),
  ],
);

/** Likes and Announces of our posts, one per remote activity: the counts a post shows. */
export const federationReactions = pgTable(
  "federation_reactions",
  {
    activityId: text("activity_id").primaryKey(),
    postId: integer("post_id")
      .notNull()
      .references(() => federationPosts.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    actorId: text("actor_id").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("federation_reactions_post_idx").on(table.postId, table.kind),
    check("federation_reactions_kind", sql`${table.kind} in ('like', 'announce')`),
  ],
);

/**
 * Replies to our posts: comments under the episode, issue or playlist page once approved. The
 * text is kept sanitized (text and links only, as paragraphs of parts), never the remote HTML.
 */
export const federationComments = pgTable(
  "federation_comments",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    /** The remote Note's id: a repeated or edited delivery updates one row. */
    objectId: text("object_id").notNull().unique(),
    postId: integer("post_id")
      .notNull()
      .references(() => federationPosts.id, { onDelete: "cascade" }),
    actorId: text("actor_id").notNull(),
    handle: text("handle").notNull(),
    name: text("name").notNull().default(""),
    /** The author's profile page, when the remote server gave one. */
    profileUrl: text("profile_url"),
    instance: text("instance").notNull(),
    /** Paragraphs of parts: `{ text }` or `{ text, url }` (http(s) links only). */
    body: jsonb("body").$type<({ text: string } | { text: string; url: string })[][]>().notNull(),
    /** The remote post's own page, linked from the comment. */
    url: text("url"),
    publishedAt: timestamp("published_at", { withTimezone: true }).notNull(),
    /** `pending` until an operator approves (`approved`) or hides (`hidden`) it. */
    state: text("state").notNull().default("pending"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("federation_comments_post_idx").on(table.postId, table.state, table.publishedAt),
    index("federation_comments_state_idx").on(table.state, table.createdAt),
    check("federation_comments_state", sql`${table.state} in ('pending', 'approved', 'hidden')`),
  ],
);

/**
 * Accounts and instances the club no longer hears from nor sends to: `account` (an actor id) or
 * `instance` (a host name).
 */
export const federationBlocks = pgTable(
  "federation_blocks",
  {
    kind: text("kind").notNull(),
    value: text("value").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.kind, table.value] }),
    check("federation_blocks_kind", sql`${table.kind} in ('account', 'instance')`),
  ],
);

/** One row: the club account's handle (`club` until the console changes it). */
export const federationSettings = pgTable("federation_settings", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Deliveries that failed, per activity and inbox, kept until delivered or given up: what the
 * console shows as an instance's delivery health. `attempts` counts failures so far.
 */
export const federationDeliveryFailures = pgTable(
  "federation_delivery_failures",
  {
    activityId: text("activity_id").notNull(),
    inbox: text("inbox").notNull(),
    instance: text("instance").notNull(),
    attempts: integer("attempts").notNull().default(1),
    lastError: text("last_error").notNull(),
    lastAttemptAt: timestamp("last_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    /** Set when the retries ran out (or the inbox answered for good, e.g. 410 Gone). */
    gaveUpAt: timestamp("gave_up_at", { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.activityId, table.inbox] }),
    index("federation_delivery_failures_instance_idx").on(table.instance),
  ],
);
