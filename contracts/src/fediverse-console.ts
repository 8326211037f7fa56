import * as z from "zod/mini";
import { defineEndpoint } from "./endpoint";
import { rowIdParam } from "./row-id";

/**
 * The console's fediverse section (admins only): the club's and its shows' accounts, their
 * followers and approval mode, the club's handle, the moderation queue of replies, blocks, and
 * delivery health per instance. With FEDERATION off the overview says so (`enabled: false`) and
 * every other endpoint answers 404 with FEDERATION_OFF_MESSAGE.
 */

export const FEDERATION_OFF_MESSAGE =
  "The club is not on the fediverse: FEDERATION is off on this server. Set FEDERATION=on (or serve the site on an https PUBLIC_URL) and restart to turn it on.";

/** A handle people can type after the @: letters, digits, `_`, `-` and `.` inside, as Mastodon accepts them. */
export const HANDLE_PATTERN = /^[a-z0-9_](?:[a-z0-9_.-]{0,28}[a-z0-9_])?$/;
export const HANDLE_MESSAGE =
  "Use 1 to 30 lowercase letters, digits, _ . or - (not starting or ending with . or -)";

export const FOLLOWERS_PAGE_SIZE = 50;
export const COMMENTS_PAGE_SIZE = 50;

const ACCOUNT_IDENTIFIER = /^(club|show-[a-z0-9][a-z0-9-]{0,99})$/;
const accountIdentifier = z
  .string()
  .check(z.regex(ACCOUNT_IDENTIFIER, "Choose the club or one of its shows"));

/** A host name as a follower's or an author's address has it. */
const HOST = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;
const instanceName = z
  .string()
  .check(z.trim(), z.toLowerCase(), z.regex(HOST, "Give a host name, like mastodon.social"));

export const FediverseAccountSchema = z.object({
  /** What names the account in its addresses: `club`, or `show-<slug>`. */
  identifier: z.string(),
  kind: z.enum(["club", "show"]),
  /** What people type after the @ (the club's is set here; a show's is its slug). */
  handle: z.string(),
  /** `@handle@host`, as people search for it. */
  address: z.string(),
  manuallyApproves: z.boolean(),
  followers: z.int(),
  /** Follow requests waiting for an operator. */
  pending: z.int(),
});
export type FediverseAccount = z.infer<typeof FediverseAccountSchema>;

export const FediverseOverviewSchema = z.union([
  z.object({ enabled: z.literal(false), message: z.string() }),
  z.object({
    enabled: z.literal(true),
    /** The host in every handle (the site's public address). */
    host: z.string(),
    accounts: z.array(FediverseAccountSchema),
    /** Replies waiting in the moderation queue. */
    pendingComments: z.int(),
  }),
]);
export type FediverseOverview = z.infer<typeof FediverseOverviewSchema>;

/** The section's first answer: on or off, and the accounts with their counts. */
export const getFediverseOverview = defineEndpoint({
  method: "GET",
  path: "/api/admin/fediverse",
  responses: { 200: FediverseOverviewSchema },
});

export const FollowerSchema = z.object({
  id: z.int(),
  account: z.string(),
  handle: z.string(),
  name: z.string(),
  instance: z.string(),
  /** The follower's profile (its actor id). */
  actorId: z.string(),
  /** ISO date and time the follow arrived. */
  since: z.string(),
  state: z.enum(["pending", "accepted"]),
});
export type Follower = z.infer<typeof FollowerSchema>;

export const listFediverseFollowers = defineEndpoint({
  method: "GET",
  path: "/api/admin/fediverse/followers",
  querystring: z.object({
    account: accountIdentifier,
    page: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100_000))),
  }),
  responses: {
    200: z.object({
      followers: z.array(FollowerSchema),
      /** Followers of the account, both states, all pages. */
      total: z.int(),
      page: z.int(),
      pageSize: z.int(),
    }),
  },
});

const followerParams = z.object({
  id: rowIdParam("Follower id must be a positive whole number", "There is no such follower."),
});

/** A pending follow approved: accepted, and the follower's server is sent an Accept. */
export const approveFediverseFollower = defineEndpoint({
  method: "POST",
  path: "/api/admin/fediverse/followers/:id/approve",
  params: followerParams,
  responses: { 200: z.object({ follower: FollowerSchema }) },
});

/**
 * A follower removed, or a pending follow rejected: the row goes (no more deliveries) and the
 * follower's server is sent a Reject of its Follow, so it no longer shows the account as followed.
 */
export const removeFediverseFollower = defineEndpoint({
  method: "DELETE",
  path: "/api/admin/fediverse/followers/:id",
  params: followerParams,
  responses: { 200: z.object({ removed: z.literal(true), state: z.enum(["pending", "accepted"]) }) },
});

export const setFediverseApproval = defineEndpoint({
  method: "PUT",
  path: "/api/admin/fediverse/accounts/:identifier/approval",
  params: z.object({ identifier: accountIdentifier }),
  body: z.object({ manuallyApproves: z.boolean("Say whether follows wait for approval") }),
  responses: { 200: z.object({ account: FediverseAccountSchema }) },
});

export const ClubHandleSchema = z.object({
  handle: z.string("Give a handle").check(z.trim(), z.toLowerCase(), z.regex(HANDLE_PATTERN, HANDLE_MESSAGE)),
});
export type ClubHandleInput = z.input<typeof ClubHandleSchema>;

/** The club's handle; 409 when one of the club's shows answers to it already. */
export const setFediverseClubHandle = defineEndpoint({
  method: "PUT",
  path: "/api/admin/fediverse/club-handle",
  body: ClubHandleSchema,
  responses: { 200: z.object({ account: FediverseAccountSchema }) },
});

/** A comment's text as kept: paragraphs of parts, each plain text or a link (http(s) only). */
const CommentPartSchema = z.union([
  z.object({ text: z.string(), url: z.string() }),
  z.object({ text: z.string() }),
]);

export const COMMENT_STATES = ["pending", "approved", "hidden"] as const;

export const FediverseCommentSchema = z.object({
  id: z.int(),
  state: z.enum(COMMENT_STATES),
  handle: z.string(),
  name: z.string(),
  instance: z.string(),
  actorId: z.string(),
  /** The author's profile page, when their server gave one. */
  profileUrl: z.nullable(z.string()),
  /** The reply's own page on the author's server. */
  url: z.nullable(z.string()),
  body: z.array(z.array(CommentPartSchema)),
  /** ISO date and time the author posted it. */
  publishedAt: z.string(),
  /** What it replies to: the post's page on the site (a path), and its title. */
  post: z.object({ kind: z.enum(["episode", "issue", "playlist"]), path: z.string(), title: z.string() }),
});
export type FediverseComment = z.infer<typeof FediverseCommentSchema>;

export const listFediverseComments = defineEndpoint({
  method: "GET",
  path: "/api/admin/fediverse/comments",
  querystring: z.object({
    state: z.optional(z.enum(COMMENT_STATES, "Choose pending, approved or hidden")),
    page: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100_000))),
  }),
  responses: {
    200: z.object({ comments: z.array(FediverseCommentSchema), page: z.int(), pageSize: z.int() }),
  },
});

/** A comment approved (it shows under its page) or hidden (it does not). */
export const moderateFediverseComment = defineEndpoint({
  method: "PUT",
  path: "/api/admin/fediverse/comments/:id/state",
  params: z.object({
    id: rowIdParam("Comment id must be a positive whole number", "There is no such comment."),
  }),
  body: z.object({ state: z.enum(["approved", "hidden"], "Choose approved or hidden") }),
  responses: { 200: z.object({ comment: FediverseCommentSchema }) },
});

export const BLOCK_KINDS = ["account", "instance"] as const;

export const BlockSchema = z.object({
  kind: z.enum(BLOCK_KINDS),
  /** An account's address (its actor id), or an instance's host name. */
  value: z.string(),
  /** ISO date and time. */
  createdAt: z.string(),
});
export type Block = z.infer<typeof BlockSchema>;

/** What a block names: an account by its https address, an instance by its host name. */
export const BlockTargetSchema = z.union([
  z.object({
    kind: z.literal("account"),
    value: z
      .string()
      .check(
        z.trim(),
        z.maxLength(2000, "An account's address is at most 2,000 characters"),
        z.regex(
          /^https?:\/\/[^\s/]+\/\S*$/,
          "Give the account's address, like https://example.social/users/name",
        ),
      ),
  }),
  z.object({ kind: z.literal("instance"), value: instanceName }),
]);
export type BlockTarget = z.infer<typeof BlockTargetSchema>;

export const listFediverseBlocks = defineEndpoint({
  method: "GET",
  path: "/api/admin/fediverse/blocks",
  responses: { 200: z.object({ blocks: z.array(BlockSchema) }) },
});

/**
 * Blocks an account or an instance: it is sent nothing more and heard from no more, its comments
 * are hidden, and it follows none of the club's accounts any more (its follows removed, nothing sent).
 */
export const addFediverseBlock = defineEndpoint({
  method: "POST",
  path: "/api/admin/fediverse/blocks",
  body: BlockTargetSchema,
  responses: {
    200: z.object({ block: BlockSchema, followersRemoved: z.int(), commentsHidden: z.int() }),
  },
});

/** Lifts a block (its hidden comments stay hidden; its follows were removed and are not restored). */
export const removeFediverseBlock = defineEndpoint({
  method: "DELETE",
  path: "/api/admin/fediverse/blocks",
  querystring: BlockTargetSchema,
  responses: { 200: z.object({ removed: z.literal(true) }) },
});

export const InstanceHealthSchema = z.object({
  instance: z.string(),
  /** Deliveries in the queue for it not yet tried (retries are counted as failing). */
  waiting: z.int(),
  /** Deliveries that failed and wait for their next attempt. */
  failing: z.int(),
  /** Deliveries whose attempts ran out (or that the inbox refused for good). */
  gaveUp: z.int(),
  /** The latest failure's error, null when none failed (deliveries only waiting). */
  lastError: z.nullable(z.string()),
  /** ISO date and time of the latest failed attempt, null when none failed. */
  lastAttemptAt: z.nullable(z.string()),
});
export type InstanceHealth = z.infer<typeof InstanceHealthSchema>;

export const getFediverseDeliveries = defineEndpoint({
  method: "GET",
  path: "/api/admin/fediverse/deliveries",
  responses: {
    200: z.object({
      /**
       * Messages waiting in the queue (deliveries, and the fan-outs and inbox work before them), all
       * instances: due now (`ready`) and due later (`delayed`, retries among them), each null when
       * the queue cannot tell; `queue` itself null when the queue cannot count at all.
       */
      queue: z.nullable(
        z.object({ queued: z.int(), ready: z.nullable(z.int()), delayed: z.nullable(z.int()) }),
      ),
      /**
       * Instances with deliveries waiting, failing or given up: those that failed first, the latest
       * failure first, then those with the most waiting.
       */
      instances: z.array(InstanceHealthSchema),
    }),
  },
});

/**
 * Tries an instance's failed deliveries again now (the failing ones and those given up), instead
 * of at their next scheduled attempt. 404 when the instance has none.
 */
export const retryFediverseDeliveries = defineEndpoint({
  method: "POST",
  path: "/api/admin/fediverse/deliveries/retry",
  body: z.object({ instance: instanceName }),
  responses: { 200: z.object({ retried: z.int() }) },
});
