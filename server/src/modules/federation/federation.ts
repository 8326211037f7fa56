import {
  createExponentialBackoffPolicy,
  createFederation,
  type Federation,
  type KvStore,
  type MessageQueue,
} from "@fedify/fedify";
import { Article, Note } from "@fedify/vocab";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../../db/client";
import { createAccountsRepository } from "./accounts.repository";
import { actorDocument } from "./actor-document";
import { createBlocksRepository } from "./blocks.repository";
import { createCommentsRepository } from "./comments.repository";
import type { DeliveryLog } from "./delivery-log";
import { guardedAuthenticatedLoaderFactory, guardedDocumentLoaderFactory } from "./document-loader";
import { createFollowersRepository } from "./followers.repository";
import { registerInboxListeners } from "./inbox-listeners";
import { createActivity, postObject } from "./post-objects";
import { createPostsRepository } from "./posts.repository";
import type { SiteFacts } from "./profiles";

/** Followers and outbox items per collection page. */
const COLLECTION_PAGE_SIZE = 50;

/**
 * How often a delivery is tried before it is given up: 13 attempts, the waits doubling from one
 * minute up to six hours, so an instance that is down for a day still gets what was sent
 * (1 + 2 + 4 … + 256 minutes, then 6 h three times: about 26.5 hours in all).
 */
export const DELIVERY_RETRY = {
  maxAttempts: 13,
  initialDelay: { minutes: 1 },
  maxDelay: { hours: 6 },
} as const;

interface FederationOptions {
  db: Database;
  site: SiteFacts;
  kv: KvStore;
  queue: MessageQueue;
  allowPrivateAddresses: boolean;
  log: FastifyBaseLogger;
  deliveries: DeliveryLog;
  /** Software name and version, for NodeInfo and the User-Agent. */
  software: { name: string; version: string };
}

export function createRepositories(db: Database) {
  return {
    accounts: createAccountsRepository(db),
    followers: createFollowersRepository(db),
    posts: createPostsRepository(db),
    comments: createCommentsRepository(db),
    blocks: createBlocksRepository(db),
  };
}
export type FederationRepositories = ReturnType<typeof createRepositories>;

/**
 * The club on the fediverse, as Fedify serves it: WebFinger and NodeInfo, one account for the
 * club and one per club show (actor documents, keys, followers, outbox, featured), the posts'
 * own addresses, and the inboxes (inbox-listeners.ts). Everything it keeps and queues lives in
 * the project's database (store/), so every server of a cluster shares it.
 */
export function buildFederation(
  options: FederationOptions,
  repos: FederationRepositories,
): Federation<unknown> {
  const { db, site } = options;
  const guard = {
    allowPrivateAddresses: options.allowPrivateAddresses,
    userAgent: `${options.software.name}/${options.software.version} (+${site.publicUrl}/)`,
  };
  const federation = createFederation<unknown>({
    kv: options.kv,
    queue: options.queue,
    manuallyStartQueue: true,
    origin: site.publicUrl,
    documentLoaderFactory: guardedDocumentLoaderFactory(guard),
    contextLoaderFactory: guardedDocumentLoaderFactory(guard),
    authenticatedDocumentLoaderFactory: guardedAuthenticatedLoaderFactory(guard),
    // The loaders above carry the address guard and the User-Agent (Fedify takes them there only).
    outboxRetryPolicy: createExponentialBackoffPolicy(DELIVERY_RETRY),
    onOutboxError: (error, activity) => options.deliveries.failed(activity?.id ?? null, error),
  });

  federation
    .setActorDispatcher("/ap/actors/{identifier}", (ctx, identifier) =>
      actorDocument(ctx, db, site, repos.accounts, identifier),
    )
    .mapHandle(async (_ctx, username) => repos.accounts.identifierOfHandle(username))
    .setKeyPairsDispatcher(async (_ctx, identifier) =>
      (await repos.accounts.byIdentifier(identifier)) ? repos.accounts.keyPairs(identifier) : [],
    );

  federation
    .setFollowersDispatcher("/ap/actors/{identifier}/followers", async (_ctx, identifier, cursor) => {
      // No cursor: every recipient at once (a fan-out); a cursor: one page of the public collection.
      const pageSize = cursor === null ? 100_000 : COLLECTION_PAGE_SIZE;
      const after = cursor === null ? 0 : Number(cursor) || 0;
      const rows = await repos.followers.acceptedPage(identifier, after, pageSize);
      const last = rows.at(-1);
      return {
        items: rows.map((row) => ({
          id: new URL(row.actorId),
          inboxId: new URL(row.inbox),
          endpoints: row.sharedInbox ? { sharedInbox: new URL(row.sharedInbox) } : null,
        })),
        nextCursor: cursor !== null && last && rows.length === pageSize ? String(last.id) : null,
      };
    })
    .setFirstCursor(async () => "0")
    .setCounter(async (_ctx, identifier) => repos.followers.acceptedCount(identifier));

  federation
    .setOutboxDispatcher("/ap/actors/{identifier}/outbox", async (ctx, identifier, cursor) => {
      if (cursor === null) return null;
      const before = cursor === "" ? null : Number(cursor);
      const posts = await repos.posts.outboxPage(identifier, before, COLLECTION_PAGE_SIZE);
      const last = posts.at(-1);
      return {
        items: posts.map((post) => createActivity(ctx, post)),
        nextCursor: last && posts.length === COLLECTION_PAGE_SIZE ? String(last.id) : null,
      };
    })
    .setFirstCursor(async () => "")
    .setCounter(async (_ctx, identifier) => repos.posts.countLive(identifier));

  // Featured: the account's three latest posts, pinned at the top of its profile.
  federation.setFeaturedDispatcher("/ap/actors/{identifier}/featured", async (ctx, identifier) => {
    const posts = await repos.posts.outboxPage(identifier, null, 3);
    return { items: posts.map((post) => postObject(ctx, post)) };
  });

  // A post's own address; a removed post is gone (404): its followers were sent a Delete.
  const livePost = async (id: string, type: "Note" | "Article") => {
    const number = Number(id);
    const post = Number.isSafeInteger(number) ? await repos.posts.byId(number) : undefined;
    return post && !post.deletedAt && post.object.type === type ? post : null;
  };
  federation.setObjectDispatcher(Note, "/ap/notes/{id}", async (ctx, values) => {
    const post = await livePost(values.id, "Note");
    return post ? (postObject(ctx, post) as Note) : null;
  });
  federation.setObjectDispatcher(Article, "/ap/articles/{id}", async (ctx, values) => {
    const post = await livePost(values.id, "Article");
    return post ? (postObject(ctx, post) as Article) : null;
  });

  federation.setNodeInfoDispatcher("/nodeinfo/2.1", async () => ({
    software: {
      name: options.software.name.toLowerCase(),
      version: options.software.version,
      homepage: new URL(`${site.publicUrl}/`),
    },
    protocols: ["activitypub"],
    services: { outbound: ["rss2.0"], inbound: [] },
    openRegistrations: false,
    usage: {
      users: { total: (await repos.accounts.all()).length, activeMonth: 0, activeHalfyear: 0 },
      localPosts: await repos.posts.countAllLive(),
      localComments: 0,
    },
    metadata: { nodeName: site.name, nodeDescription: site.tagline },
  }));

  registerInboxListeners(federation, {
    ...repos,
    log: options.log,
    allowPrivateAddresses: options.allowPrivateAddresses,
  });
  return federation;
}
