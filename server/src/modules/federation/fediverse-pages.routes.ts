import {
  type FediverseAccount,
  type FediverseReplies,
  type FediverseSubjectKind,
  getFediverseAccount,
  getFediverseReplies,
} from "@waveform/contracts/fediverse";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Database } from "../../db/client";
import { CLUB_IDENTIFIER, createAccountsRepository, showIdentifier } from "./accounts.repository";
import { createCommentsRepository } from "./comments.repository";
import { createPostsRepository } from "./posts.repository";

export interface FediversePagesOptions {
  /** The site's address (PUBLIC_URL): the accounts' host and the posts' addresses. */
  publicUrl: string;
  /** FEDERATION: off, the pages show no account and no replies. */
  enabled: boolean;
}

const NOTHING: FediverseReplies = { post: null, replies: [] };

/** The post's own address, as its followers know it (federation.ts' object dispatchers). */
export const postUrl = (publicUrl: string, id: number, type: unknown) =>
  `${publicUrl}/ap/${type === "Article" ? "articles" : "notes"}/${id}`;

/** What the site's pages show of the club on the fediverse: its accounts, and each post's replies. */
export function createFediversePages(db: Database, { publicUrl }: Pick<FediversePagesOptions, "publicUrl">) {
  const host = new URL(publicUrl).host;
  const accounts = createAccountsRepository(db);
  const posts = createPostsRepository(db);
  const comments = createCommentsRepository(db);

  async function account(show: string | undefined): Promise<FediverseAccount | null> {
    const found = await accounts.byIdentifier(show === undefined ? CLUB_IDENTIFIER : showIdentifier(show));
    if (!found) return null;
    const page = found.slug === null ? "/" : `/podcasts/${encodeURIComponent(found.slug)}`;
    return { handle: `@${found.handle}@${host}`, pageUrl: `${publicUrl}${page}` };
  }

  /** The row id a page's address names: an episode's or playlist's number, an issue's slug. */
  async function subjectId(kind: FediverseSubjectKind, id: string): Promise<number | null> {
    if (kind === "issue") return posts.issueIdOfSlug(id);
    const number = Number(id);
    return /^\d+$/.test(id) && Number.isSafeInteger(number) ? number : null;
  }

  async function replies(kind: FediverseSubjectKind, id: string): Promise<FediverseReplies> {
    const subject = await subjectId(kind, id);
    const post = subject === null ? undefined : await posts.bySubject(kind, subject);
    if (!post || post.deletedAt) return NOTHING;
    const [owner, counts, approved] = await Promise.all([
      accounts.byIdentifier(post.accountKey),
      posts.reactionCounts(post.id),
      comments.approvedFor(post.id),
    ]);
    if (!owner) return NOTHING;
    return {
      post: {
        url: postUrl(publicUrl, post.id, post.object.type),
        handle: `@${owner.handle}@${host}`,
        likes: counts.likes,
        boosts: counts.announces,
      },
      replies: approved.map((row) => ({
        id: row.id,
        name: row.name,
        handle: row.handle,
        profileUrl: row.profileUrl,
        body: row.body,
        url: row.url,
        publishedAt: row.publishedAt.toISOString(),
      })),
    };
  }

  return { account, replies };
}

/**
 * The pages' reads of the fediverse (decision 0033): an account's handle for the follow box (the
 * club's in the footer, a show's on its page) and a post's approved replies and counts under its
 * episode, issue or playlist. Registered whether federation is on or not: off, every answer is
 * empty and nothing is read. Cached with the catalogue (a minute, or until a write clears it), so
 * a reply an operator approves shows within a minute.
 */
export const fediversePagesRoutes: FastifyPluginAsyncZod<FediversePagesOptions> = async (app, options) => {
  const pages = createFediversePages(app.db, options);
  const reads = app.pageReads;

  reads.route(app, getFediverseAccount, ({ query }) => ({
    cacheKey: `fediverse:account:${options.enabled ? (query.show ?? "") : "off"}`,
    load: async () =>
      getFediverseAccount.responses[200].parse({
        account: options.enabled ? await pages.account(query.show) : null,
      }),
  }));

  reads.route(app, getFediverseReplies, ({ query }) => ({
    cacheKey: options.enabled ? `fediverse:replies:${query.kind}:${query.id}` : "fediverse:replies:off",
    load: async () =>
      getFediverseReplies.responses[200].parse(
        options.enabled ? await pages.replies(query.kind, query.id) : NOTHING,
      ),
  }));
};
