import {
  approveFediverseFollower,
  FEDERATION_OFF_MESSAGE,
  type FediverseAccount,
  FOLLOWERS_PAGE_SIZE,
  type Follower,
  getFediverseOverview,
  listFediverseFollowers,
  removeFediverseFollower,
  setFediverseApproval,
  setFediverseClubHandle,
} from "@waveform/contracts/fediverse-console";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { fromEndpoint } from "../../lib/endpoint-schema";
import { HttpError } from "../../plugins/errors";
import { actorOf, recordChange } from "../audit/index";
import type { ClubAccount } from "./accounts.repository";
import { createRepositories } from "./federation";
import type { FederationHandle } from "./federation.routes";
import { fediverseDeliveryRoutes } from "./federation-deliveries.routes";
import { fediverseModerationRoutes } from "./federation-moderation.routes";
import type { FollowerRow } from "./followers.repository";
import { sendAccept, sendReject } from "./inbox-listeners";

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

  fediverseModerationRoutes(app, { admin, running });
  fediverseDeliveryRoutes(app, { admin, running });
};
