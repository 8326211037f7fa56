import type { Context, Federation, InboxContext } from "@fedify/fedify";
import {
  Accept,
  type Activity,
  type Actor,
  Announce,
  Article,
  Create,
  Delete,
  Follow,
  Like,
  Note,
  PUBLIC_COLLECTION,
  Reject,
  Undo,
  Update,
} from "@fedify/vocab";
import type { FastifyBaseLogger } from "fastify";
import { pinAddress, systemResolve } from "../../integrations/feeds/address-guard";
import { htmlToShowNotes } from "../../integrations/feeds/show-notes";
import type { AccountsRepository } from "./accounts.repository";
import type { BlocksRepository } from "./blocks.repository";
import type { CommentsRepository } from "./comments.repository";
import { type FollowersRepository, instanceOf } from "./followers.repository";
import type { PostsRepository } from "./posts.repository";

interface InboxDeps {
  accounts: AccountsRepository;
  followers: FollowersRepository;
  posts: PostsRepository;
  comments: CommentsRepository;
  blocks: BlocksRepository;
  log: FastifyBaseLogger;
  /** FEDERATION_ALLOW_PRIVATE_ADDRESSES: followers' inboxes may be on loopback and private addresses. */
  allowPrivateAddresses: boolean;
}

/**
 * True when deliveries may go to this inbox: https on a public address (http and private
 * addresses only when allowed, for tests). Checked when the follow is recorded, so a remote actor
 * cannot make the club post to this machine or its network.
 */
async function isDeliverable(inbox: URL, allowPrivate: boolean): Promise<boolean> {
  if (inbox.protocol !== "https:" && !(allowPrivate && inbox.protocol === "http:")) return false;
  try {
    await pinAddress(inbox.hostname, { resolve: systemResolve, allowPrivate });
    return true;
  } catch {
    return false;
  }
}

/** `@name@host` for a remote actor, from its preferred name and the host of its id. */
function handleOf(actor: Actor): string {
  const host = actor.id ? instanceOf(actor.id) : "unknown";
  return `@${actor.preferredUsername?.toString() ?? "unknown"}@${host}`;
}

const displayName = (actor: Actor) => actor.name?.toString().slice(0, 200) ?? "";

/** The post of ours an address names (a Note's or an Article's), or undefined. */
async function ourPost(ctx: InboxContext<unknown>, deps: InboxDeps, address: URL | null) {
  if (!address) return undefined;
  const parsed = ctx.parseUri(address);
  if (parsed?.type !== "object" || (parsed.class !== Note && parsed.class !== Article)) return undefined;
  const id = Number(parsed.values.id);
  return Number.isSafeInteger(id) ? deps.posts.byId(id) : undefined;
}

/**
 * Accepts a follow for the account as the account's owner would: recorded, then answered with an
 * Accept, or held for an operator when the account approves followers by hand.
 */
async function onFollow(ctx: InboxContext<unknown>, deps: InboxDeps, follow: Follow): Promise<void> {
  if (!follow.id || !follow.actorId || !follow.objectId) return;
  const parsed = ctx.parseUri(follow.objectId);
  if (parsed?.type !== "actor") return;
  const account = await deps.accounts.byIdentifier(parsed.identifier);
  if (!account) return;
  const follower = await follow.getActor(ctx);
  if (!follower?.id || !follower.inboxId || follower.id.href !== follow.actorId.href) return;
  const sharedInbox = follower.endpoints?.sharedInbox ?? null;
  for (const inbox of [follower.inboxId, ...(sharedInbox ? [sharedInbox] : [])]) {
    if (!(await isDeliverable(inbox, deps.allowPrivateAddresses))) {
      deps.log.warn(
        { follower: follower.id.href, inbox: inbox.href },
        "fediverse follow refused: inbox not deliverable",
      );
      return;
    }
  }
  const manual = await deps.accounts.manuallyApproves(account.identifier);
  const row = await deps.followers.add({
    accountKey: account.identifier,
    actorId: follower.id.href,
    handle: handleOf(follower),
    name: displayName(follower),
    inbox: follower.inboxId.href,
    sharedInbox: sharedInbox?.href ?? null,
    followId: follow.id.href,
    state: manual ? "pending" : "accepted",
  });
  if (row.state === "accepted") {
    await sendAccept(ctx, account.identifier, { id: follower.id, inboxId: follower.inboxId }, follow.id);
  }
  deps.log.info({ account: account.handle, follower: row.handle, state: row.state }, "fediverse follow");
}

/**
 * Answers a Follow with an Accept (at once, or when an operator approves it). The Follow is sent
 * back whole (its id, actor and object), which is what Mastodon matches its follow request with.
 */
export async function sendAccept(
  ctx: Context<unknown>,
  identifier: string,
  follower: { id: URL; inboxId: URL; sharedInboxId?: URL | null },
  followId: URL,
): Promise<void> {
  const actorUri = ctx.getActorUri(identifier);
  await ctx.sendActivity(
    { identifier },
    { id: follower.id, inboxId: follower.inboxId, endpoints: null },
    new Accept({
      id: new URL(`${actorUri.href}#accept-${encodeURIComponent(followId.href)}`),
      actor: actorUri,
      object: new Follow({ id: followId, actor: follower.id, object: actorUri }),
    }),
  );
}

/**
 * Answers a Follow with a Reject: a pending follow an operator turned down, or a follower removed
 * (the follower's server then stops showing the account as followed, as Mastodon does when one of
 * its users removes a follower).
 */
export async function sendReject(
  ctx: Context<unknown>,
  identifier: string,
  follower: { id: URL; inboxId: URL },
  followId: URL,
): Promise<void> {
  const actorUri = ctx.getActorUri(identifier);
  await ctx.sendActivity(
    { identifier },
    { id: follower.id, inboxId: follower.inboxId, endpoints: null },
    new Reject({
      id: new URL(`${actorUri.href}#reject-${encodeURIComponent(followId.href)}`),
      actor: actorUri,
      object: new Follow({ id: followId, actor: follower.id, object: actorUri }),
    }),
  );
}

async function onUndo(ctx: InboxContext<unknown>, deps: InboxDeps, undo: Undo): Promise<void> {
  if (!undo.actorId) return;
  const object = await undo.getObject(ctx);
  if (object instanceof Follow) {
    if (!object.objectId || object.actorId?.href !== undo.actorId.href) return;
    const parsed = ctx.parseUri(object.objectId);
    if (parsed?.type !== "actor") return;
    await deps.followers.remove(parsed.identifier, undo.actorId.href);
  } else if ((object instanceof Like || object instanceof Announce) && object.id) {
    await deps.posts.removeReaction(object.id.href, undo.actorId.href);
  }
}

async function onReaction(
  ctx: InboxContext<unknown>,
  deps: InboxDeps,
  activity: Like | Announce,
): Promise<void> {
  if (!activity.id || !activity.actorId) return;
  const post = await ourPost(ctx, deps, activity.objectId);
  if (!post) return;
  await deps.posts.addReaction(
    post.id,
    activity instanceof Like ? "like" : "announce",
    activity.id.href,
    activity.actorId.href,
  );
}

/** A reply to one of our posts becomes a comment waiting for moderation (its text and links only). */
async function onReply(
  ctx: InboxContext<unknown>,
  deps: InboxDeps,
  activity: Create | Update,
): Promise<void> {
  if (!activity.actorId) return;
  const object = await activity.getObject(ctx);
  if (!(object instanceof Note) || !object.id || object.attributionId?.href !== activity.actorId.href) return;
  // Only a public reply (public, or unlisted: the Public collection in `cc`) may show under a
  // public page; a followers-only or direct reply was said to fewer people than a page reaches.
  const audience = [...object.toIds, ...object.ccIds];
  if (!audience.some((address) => address.href === PUBLIC_COLLECTION.href)) return;
  const post = await ourPost(ctx, deps, object.replyTargetId);
  if (!post || post.deletedAt) return;
  const author = await activity.getActor(ctx);
  if (!author?.id) return;
  const body = htmlToShowNotes(object.content?.toString() ?? "");
  if (body.length === 0) return;
  const url = object.url instanceof URL ? object.url.href : (object.url?.href?.href ?? null);
  await deps.comments.upsert({
    objectId: object.id.href,
    postId: post.id,
    actorId: author.id.href,
    handle: handleOf(author),
    name: displayName(author),
    profileUrl: author.url instanceof URL ? author.url.href : (author.url?.href?.href ?? null),
    instance: instanceOf(author.id),
    body,
    url,
    publishedAt: object.published ? new Date(object.published.epochMilliseconds) : new Date(),
  });
}

async function onDelete(_ctx: InboxContext<unknown>, deps: InboxDeps, activity: Delete): Promise<void> {
  if (!activity.actorId || !activity.objectId) return;
  const actorId = activity.actorId.href;
  if (activity.objectId.href === actorId) {
    // The account itself is gone: it follows nothing, and what it said goes with it.
    await deps.followers.removeActorEverywhere(actorId);
    await deps.comments.removeByActor(actorId);
    await deps.posts.removeReactionsOf(actorId);
    return;
  }
  await deps.comments.removeByObject(activity.objectId.href, actorId);
}

/**
 * Every activity the club's inboxes act on. A blocked account or instance is not heard: its
 * activities are dropped before anything is read or fetched for them. Fedify has checked, before
 * any of these runs, that the request carries a valid signature of the key of the activity's actor.
 */
export function registerInboxListeners(federation: Federation<unknown>, deps: InboxDeps): void {
  const unlessBlocked =
    <T extends Activity>(
      handle: (ctx: InboxContext<unknown>, deps: InboxDeps, activity: T) => Promise<void>,
    ) =>
    async (ctx: InboxContext<unknown>, activity: T) => {
      if (!activity.actorId || (await deps.blocks.isBlocked(activity.actorId))) return;
      await handle(ctx, deps, activity);
    };
  federation
    .setInboxListeners("/ap/actors/{identifier}/inbox", "/ap/inbox")
    .on(Follow, unlessBlocked(onFollow))
    .on(Undo, unlessBlocked(onUndo))
    .on(Like, unlessBlocked(onReaction))
    .on(Announce, unlessBlocked(onReaction))
    .on(Create, unlessBlocked(onReply))
    .on(Update, unlessBlocked(onReply))
    .on(Delete, unlessBlocked(onDelete))
    .on(Accept, async () => {})
    .onError((_ctx, error) => {
      deps.log.warn({ err: error }, "fediverse inbox activity failed");
    });
}
