import * as z from "zod/mini";
import { HttpUrlSchema } from "./catalogue";
import { defineEndpoint } from "./endpoint";
import { ShowNoteParagraphSchema } from "./podcast-pages";

/** A fediverse account of the club: the club itself or one of its shows. */
export const FediverseAccountSchema = z.object({
  /** `@club@host`, `@<show>@host`: what people search for on their instance. */
  handle: z.string().check(z.regex(/^@[^@\s]+@[^@\s]+$/)),
  /** The account's page on the site (its ActivityPub address too, asked for as JSON). */
  pageUrl: HttpUrlSchema,
});
export type FediverseAccount = z.infer<typeof FediverseAccountSchema>;

export const FediverseAccountQuerySchema = z.object({
  /** A club show's slug; absent: the club's own account. */
  show: z.optional(z.string().check(z.minLength(1), z.maxLength(200))),
});

/** The account, or null: federation is off, or the show is not one of the club's own. */
export const FediverseAccountAnswerSchema = z.object({ account: z.nullable(FediverseAccountSchema) });

export const getFediverseAccount = defineEndpoint({
  method: "GET",
  path: "/api/fediverse/account",
  querystring: FediverseAccountQuerySchema,
  responses: { 200: FediverseAccountAnswerSchema },
});

/** What a post is about: an episode (its id), a newsletter issue (its slug) or a playlist (its id). */
export const FediverseSubjectKindSchema = z.enum(["episode", "issue", "playlist"]);
export type FediverseSubjectKind = z.infer<typeof FediverseSubjectKindSchema>;

export const FediverseRepliesQuerySchema = z.object({
  kind: FediverseSubjectKindSchema,
  id: z.string().check(z.minLength(1), z.maxLength(200)),
});

/** A reply from the fediverse, approved by an operator: its text and links only, never its HTML. */
export const FediverseReplySchema = z.object({
  id: z.int().check(z.positive()),
  /** The author's display name (may be empty: the handle stands in). */
  name: z.string(),
  /** `@name@instance`. */
  handle: z.string(),
  /** The author's profile on their instance, when it gave one. */
  profileUrl: z.nullable(HttpUrlSchema),
  /** Paragraphs of text runs and http(s) links. */
  body: z.array(ShowNoteParagraphSchema),
  /** The reply on its own server. */
  url: z.nullable(HttpUrlSchema),
  /** ISO 8601 date and time. */
  publishedAt: z.iso.datetime(),
});
export type FediverseReply = z.infer<typeof FediverseReplySchema>;

/** The club's post about a page on the fediverse: where to reply, how many liked and boosted it. */
export const FediversePostSchema = z.object({
  /** The post's address: what a visitor searches for on their instance to reply. */
  url: HttpUrlSchema,
  /** The account that posted it (`@show@host` for an episode, `@club@host` otherwise). */
  handle: z.string(),
  likes: z.int().check(z.gte(0)),
  boosts: z.int().check(z.gte(0)),
});
export type FediversePost = z.infer<typeof FediversePostSchema>;

/**
 * A page's post and its approved replies, oldest first; `post` null when the page was never posted
 * (federation off, a web show's episode, an unpublished issue or playlist).
 */
export const FediverseRepliesSchema = z.object({
  post: z.nullable(FediversePostSchema),
  replies: z.array(FediverseReplySchema),
});
export type FediverseReplies = z.infer<typeof FediverseRepliesSchema>;

export const getFediverseReplies = defineEndpoint({
  method: "GET",
  path: "/api/fediverse/replies",
  querystring: FediverseRepliesQuerySchema,
  responses: { 200: FediverseRepliesSchema },
});
