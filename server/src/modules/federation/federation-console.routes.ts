import {
  addFediverseBlock,
  approveFediverseFollower,
  type Block,
  COMMENTS_PAGE_SIZE,
  FEDERATION_OFF_MESSAGE,
  type FediverseAccount,
  type FediverseComment,
  FOLLOWERS_PAGE_SIZE,
  type Follower,
  getFediverseDeliveries,
  getFediverseOverview,
  type InstanceHealth,
  listFediverseBlocks,
  listFediverseComments,
  listFediverseFollowers,
  moderateFediverseComment,
  removeFediverseBlock,
  removeFediverseFollower,
  retryFediverseDeliveries,
  setFediverseApproval,
  setFediverseClubHandle,
} from "@waveform/contracts/fediverse-console";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { htmlToShowNotes } from "../../integrations/feeds/show-notes";
import { fromEndpoint } from "../../lib/endpoint-schema";
import { HttpError } from "../../plugins/errors";
import { actorOf, recordChange } from "../audit/index";
import type { ClubAccount } from "./accounts.repository";
import type { CommentRow } from "./comments.repository";
import { createRepositories } from "./federation";
import type { FederationHandle } from "./federation.routes";
import type { FollowerRow } from "./followers.repository";
import { sendAccept, sendReject } from "./inbox-listeners";
import type { PostRow } from "./posts.repository";

const toFollower = (row: FollowerRow): Follower => ({
  id: row.id,
  account: row.accountKey,
  handle: row.handle,
  name: row.name,
  instance: row.instance,
  actorId: row.actorId,
  since: row.createdAt.toISOString(),
  state: row.state as Follower["state"],
});

/** A post as an operator recognises it: an Article's title, else its first paragraph's text. */
function postTitle(post: PostRow): string {
  if (post.object.name) return post.object.name;
  const first = htmlToShowNotes(post.object.html)[0] ?? [];
  const text = first
    .map((part) => part.text)
    .join("")
    .trim();
  return text.length > 120 ? `${text.slice(0, 119)}…` : text || post.object.url;
}

function toComment(row: CommentRow, post: PostRow | undefined): FediverseComment {
  const page = post ? new URL(post.object.url) : null;
  return {
    id: row.id,
    state: row.state as FediverseComment["state"],
    handle: row.handle,
    name: row.name,
    instance: row.instance,
    actorId: row.actorId,
    profileUrl: row.profileUrl,
    url: row.url,
    body: row.body,
    publishedAt: row.publishedAt.toISOString(),
    post: {
      kind: (post?.subjectKind ?? "episode") as FediverseComment["post"]["kind"],
      path: page ? `${page.pathname}${page.search}` : "/",
      title: post ? postTitle(post) : "A post no longer on the site",
    },
  };
}

const toBlock = (row: { kind: Block["kind"]; value: string; createdAt: Date }): Block => ({
  kind: row.kind,
  value: row.value,
  createdAt: row.createdAt.toISOString(),
});

/**
 * The console's fediverse section (admins only): followers and approval per account, the club's
 * handle, the moderation queue, blocks and delivery health. Every decision is written to the audit
 * trail with the change itself. With FEDERATION off the overview says so and the rest answer 404.
 */
export const federationConsoleRoutes: FastifyPluginAsyncZod<{ publicUrl: string }> = async (
  app,
  { publicUrl },
) => {
  const admin = { onRequest: app.requireOperator("admin") };
  const host = new URL(publicUrl).host;
  // Followers and commenters are people: no cache keeps a copy of the lists.
  app.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", "no-store");
  });

  const running = (): FederationHandle => {
    if (!app.federation) throw new HttpError(404, FEDERATION_OFF_MESSAGE);
    return app.federation;
  };

  /** An account as the console shows it; `counts` from countsByAccount (read once for a list). */
  async function accountView(
    federation: FederationHandle,
    account: ClubAccount,
    allCounts?: Map<string, { accepted: number; pending: number }>,
  ): Promise<FediverseAccount> {
    const counts = (allCounts ?? (await federation.repos.followers.countsByAccount())).get(
      account.identifier,
    );
    return {
      identifier: account.identifier,
      kind: account.kind,
      handle: account.handle,
      address: `@${account.handle}@${host}`,
      manuallyApproves: await federation.repos.accounts.manuallyApproves(account.identifier),
      followers: counts?.accepted ?? 0,
      pending: counts?.pending ?? 0,
    };
  }

  async function accountOf(federation: FederationHandle, identifier: string): Promise<ClubAccount> {
    const account = await federation.repos.accounts.byIdentifier(identifier);
    if (!account) throw new HttpError(404, "There is no such account: the club, or one of its own shows.");
    return account;
  }

  app.route({
    ...fromEndpoint(getFediverseOverview),
    ...admin,
    handler: async () => {
      const federation = app.federation;
      if (!federation) return { enabled: false as const, message: FEDERATION_OFF_MESSAGE };
      const { repos } = federation;
      const [accounts, counts, pendingComments] = await Promise.all([
        repos.accounts.all(),
        repos.followers.countsByAccount(),
        repos.comments.countInState("pending"),
      ]);
      return {
        enabled: true as const,
        host,
        accounts: await Promise.all(accounts.map((account) => accountView(federation, account, counts))),
        pendingComments,
      };
    },
  });

  app.route({
    ...fromEndpoint(listFediverseFollowers),
    ...admin,
    handler: async (request) => {
      const federation = running();
      const account = await accountOf(federation, request.query.account);
      const page = request.query.page ?? 1;
      const [rows, counts] = await Promise.all([
        federation.repos.followers.list(
          [account.identifier],
          FOLLOWERS_PAGE_SIZE,
          (page - 1) * FOLLOWERS_PAGE_SIZE,
        ),
        federation.repos.followers.countsByAccount(),
      ]);
      const count = counts.get(account.identifier);
      return {
        followers: rows.map(toFollower),
        total: (count?.accepted ?? 0) + (count?.pending ?? 0),
        page,
        pageSize: FOLLOWERS_PAGE_SIZE,
      };
    },
  });

  app.route({
    ...fromEndpoint(approveFediverseFollower),
    ...admin,
    handler: async (request) => {
      const federation = running();
      const row = await federation.repos.followers.byId(request.params.id);
      if (!row) throw new HttpError(404, "There is no such follower.");
      if (row.state === "accepted") throw new HttpError(409, `${row.handle} is a follower already.`);
      const accepted = await app.db.transaction(async (tx) => {
        const done = await createRepositories(tx).followers.accept(row.id);
        await recordChange(tx, {
          actor: actorOf(request),
          entity: "fediverse-follower",
          entityId: row.id,
          action: "approve",
          before: { account: row.accountKey, handle: row.handle, state: row.state },
          after: { account: row.accountKey, handle: row.handle, state: "accepted" },
        });
        return done;
      });
      if (!accepted) throw new HttpError(404, "There is no such follower.");
      await sendAccept(
        federation.context(),
        row.accountKey,
        { id: new URL(row.actorId), inboxId: new URL(row.inbox) },
        new URL(row.followId),
      );
      return { follower: toFollower(accepted) };
    },
  });

  app.route({
    ...fromEndpoint(removeFediverseFollower),
    ...admin,
    handler: async (request) => {
      const federation = running();
      const row = await federation.repos.followers.byId(request.params.id);
      if (!row) throw new HttpError(404, "There is no such follower.");
      const removed = await app.db.transaction(async (tx) => {
        const gone = await createRepositories(tx).followers.remove(row.accountKey, row.actorId);
        await recordChange(tx, {
          actor: actorOf(request),
          entity: "fediverse-follower",
          entityId: row.id,
          action: row.state === "pending" ? "reject" : "remove",
          before: { account: row.accountKey, handle: row.handle, state: row.state },
        });
        return gone;
      });
      if (!removed) throw new HttpError(404, "There is no such follower.");
      await sendReject(
        federation.context(),
        row.accountKey,
        { id: new URL(row.actorId), inboxId: new URL(row.inbox) },
        new URL(row.followId),
      );
      return { removed: true as const, state: row.state as Follower["state"] };
    },
  });

  app.route({
    ...fromEndpoint(setFediverseApproval),
    ...admin,
    handler: async (request) => {
      const federation = running();
      const account = await accountOf(federation, request.params.identifier);
      const before = await federation.repos.accounts.manuallyApproves(account.identifier);
      const after = request.body.manuallyApproves;
      if (before !== after) {
        await app.db.transaction(async (tx) => {
          await createRepositories(tx).accounts.setManuallyApproves(account.identifier, after);
          await recordChange(tx, {
            actor: actorOf(request),
            entity: "fediverse-account",
            entityId: account.identifier,
            action: after ? "approval-on" : "approval-off",
            before: { manuallyApproves: before },
            after: { manuallyApproves: after },
          });
        });
      }
      return { account: await accountView(federation, account) };
    },
  });

  app.route({
    ...fromEndpoint(setFediverseClubHandle),
    ...admin,
    handler: async (request) => {
      const federation = running();
      const { handle } = request.body;
      const before = await federation.repos.accounts.clubHandle();
      if (handle !== before) {
        await app.db.transaction(async (tx) => {
          if (!(await createRepositories(tx).accounts.setClubHandle(handle))) {
            throw new HttpError(
              409,
              `The show "${handle}" already answers to @${handle}@${host}: choose another handle for the club.`,
            );
          }
          await recordChange(tx, {
            actor: actorOf(request),
            entity: "fediverse-account",
            entityId: "club",
            action: "rename",
            before: { handle: before },
            after: { handle },
          });
        });
        // Its followers' servers are told now, not when they next read the profile. The rename stands
        // whatever happens to the sending: a failure is logged, and the profile read later is right.
        await federation.sendProfileUpdate("club").catch((error: unknown) => {
          request.log.warn({ err: error }, "could not send the club's new profile to its followers");
        });
      }
      return { account: await accountView(federation, await accountOf(federation, "club")) };
    },
  });

  app.route({
    ...fromEndpoint(listFediverseComments),
    ...admin,
    handler: async (request) => {
      const federation = running();
      const page = request.query.page ?? 1;
      const rows = await federation.repos.comments.inState(
        request.query.state ?? "pending",
        COMMENTS_PAGE_SIZE,
        (page - 1) * COMMENTS_PAGE_SIZE,
      );
      const posts = new Map(
        (await federation.repos.posts.byIds([...new Set(rows.map((row) => row.postId))])).map((post) => [
          post.id,
          post,
        ]),
      );
      return {
        comments: rows.map((row) => toComment(row, posts.get(row.postId))),
        page,
        pageSize: COMMENTS_PAGE_SIZE,
      };
    },
  });

  app.route({
    ...fromEndpoint(moderateFediverseComment),
    ...admin,
    handler: async (request) => {
      const federation = running();
      const { id } = request.params;
      const { state } = request.body;
      const updated = await app.db.transaction(async (tx) => {
        const repos = createRepositories(tx);
        const row = await repos.comments.byId(id);
        if (!row) throw new HttpError(404, "There is no such comment.");
        const done = await repos.comments.setState(id, state);
        await recordChange(tx, {
          actor: actorOf(request),
          entity: "fediverse-comment",
          entityId: id,
          action: state === "approved" ? "approve" : "hide",
          before: { handle: row.handle, state: row.state },
          after: { handle: row.handle, state },
        });
        return done;
      });
      if (!updated) throw new HttpError(404, "There is no such comment.");
      const [post] = await federation.repos.posts.byIds([updated.postId]);
      return { comment: toComment(updated, post) };
    },
  });

  app.route({
    ...fromEndpoint(listFediverseBlocks),
    ...admin,
    handler: async () => ({ blocks: (await running().repos.blocks.list()).map(toBlock) }),
  });

  app.route({
    ...fromEndpoint(addFediverseBlock),
    ...admin,
    handler: async (request) => {
      const federation = running();
      const { kind, value } = request.body;
      const outcome = await app.db.transaction(async (tx) => {
        const repos = createRepositories(tx);
        await repos.blocks.block(kind, value);
        const commentsHidden =
          kind === "account"
            ? await repos.comments.hideByActor(value)
            : await repos.comments.hideByInstance(value);
        const followersRemoved =
          kind === "account"
            ? await repos.followers.removeActorEverywhere(value)
            : await repos.followers.removeInstanceEverywhere(value);
        await recordChange(tx, {
          actor: actorOf(request),
          entity: "fediverse-block",
          entityId: `${kind}:${value}`,
          action: "block",
          after: { kind, value, followersRemoved, commentsHidden },
        });
        return { followersRemoved, commentsHidden };
      });
      const block = (await federation.repos.blocks.list()).find(
        (row) => row.kind === kind && row.value === value,
      );
      return { block: toBlock(block ?? { kind, value, createdAt: new Date() }), ...outcome };
    },
  });

  app.route({
    ...fromEndpoint(removeFediverseBlock),
    ...admin,
    handler: async (request) => {
      running();
      const { kind, value } = request.query;
      await app.db.transaction(async (tx) => {
        if (!(await createRepositories(tx).blocks.unblock(kind, value))) {
          throw new HttpError(404, `${kind === "account" ? "That account" : value} is not blocked.`);
        }
        await recordChange(tx, {
          actor: actorOf(request),
          entity: "fediverse-block",
          entityId: `${kind}:${value}`,
          action: "unblock",
          before: { kind, value },
        });
      });
      return { removed: true as const };
    },
  });

  app.route({
    ...fromEndpoint(getFediverseDeliveries),
    ...admin,
    handler: async () => {
      const federation = running();
      const [queue, failed, waiting] = await Promise.all([
        federation.queueDepth(),
        federation.deliveries.health(),
        federation.deliveriesWaiting(),
      ]);
      const instances: InstanceHealth[] = failed.map((row) => ({
        ...row,
        waiting: waiting?.get(row.instance) ?? 0,
        lastAttemptAt: row.lastAttemptAt.toISOString(),
      }));
      const onlyWaiting = [...(waiting ?? [])]
        .filter(([instance]) => !failed.some((row) => row.instance === instance))
        .sort(([a, countA], [b, countB]) => countB - countA || a.localeCompare(b));
      for (const [instance, count] of onlyWaiting) {
        instances.push({
          instance,
          waiting: count,
          failing: 0,
          gaveUp: 0,
          lastError: null,
          lastAttemptAt: null,
        });
      }
      return {
        queue: queue && { queued: queue.queued, ready: queue.ready ?? null, delayed: queue.delayed ?? null },
        instances,
      };
    },
  });

  app.route({
    ...fromEndpoint(retryFediverseDeliveries),
    ...admin,
    handler: async (request) => {
      const federation = running();
      const { instance } = request.body;
      const retried = await federation.deliveries.retryNow(instance);
      if (retried === 0) {
        throw new HttpError(404, `There are no failed deliveries to ${instance} to try again.`);
      }
      await recordChange(app.db, {
        actor: actorOf(request),
        entity: "fediverse-delivery",
        entityId: instance,
        action: "retry",
        after: { instance, retried },
      });
      return { retried };
    },
  });
};
