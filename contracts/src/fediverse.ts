import * as z from "zod/mini";
import { HttpUrlSchema } from "./catalogue";
import { defineEndpoint } from "./endpoint";
import { ShowNoteParagraphSchema } from "./podcast-pages";

/**
 * A server on the fediverse, as a visitor types it in the remote-follow form: a host name
 * (`mastodon.social`, `social.example.org:8443`), with or without `https://` and a trailing `/`.
 * Letters, digits and hyphens in dot-separated labels, at least two labels, an optional port.
 */
const INSTANCE_HOST = /^(?=.{4,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,62}(?::\d{1,5})?$/;

export const INSTANCE_MESSAGE = "Enter your server's address, like mastodon.social";

/**
 * The host name of the visitor's instance, or null when the text is not one. Leading and trailing
 * spaces, `https://` and a trailing `/` are taken off; `http://`, a path, a user (`@me@host`) or
 * anything but a host name are not an instance address.
 */
export function instanceHost(input: string): string | null {
  const host = input
    .trim()
    .toLowerCase()
    .replace(/^https:\/\//, "")
    .replace(/\/$/, "");
  if (!INSTANCE_HOST.test(host)) return null;
  const port = host.includes(":") ? Number(host.split(":")[1]) : 443;
  return port >= 1 && port <= 65_535 ? host : null;
}

/**
 * Where a visitor follows an account from their own instance: its `authorize_interaction` page
 * (Mastodon's, which Misskey, Pleroma, Akkoma and GoToSocial answer too), given the account's
 * `acct:` address. The only address the remote-follow form leads to.
 */
export function remoteFollowUrl(host: string, handle: string): string {
  return `https://${host}/authorize_interaction?uri=${encodeURIComponent(`acct:${handle.replace(/^@/, "")}`)}`;
}

/**
 * The remote-follow form's address on this site, for a visitor whose browser runs no script (with
 * it, the form goes to the instance directly): `?instance=<host>[&show=<slug>]`.
 */
export const REMOTE_FOLLOW_PATH = "/fediverse/follow";

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
