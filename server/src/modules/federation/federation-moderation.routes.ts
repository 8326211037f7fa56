import {
  addFediverseBlock,
  type Block,
  COMMENTS_PAGE_SIZE,
  type FediverseComment,
  listFediverseBlocks,
  listFediverseComments,
  moderateFediverseComment,
  removeFediverseBlock,
} from "@waveform/contracts/fediverse-console";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { htmlToShowNotes } from "../../integrations/feeds/show-notes";
import { fromEndpoint } from "../../lib/endpoint-schema";
import { HttpError } from "../../plugins/errors";
import { actorOf, recordChange } from "../audit/index";
import type { CommentRow } from "./comments.repository";
import { createRepositories } from "./federation";
import type { ConsoleFediverseContext } from "./federation-console-context";
import type { PostRow } from "./posts.repository";

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
 * The console's moderation of the fediverse: replies waiting, approved or hidden (approve or hide
 * one), and the blocked accounts and instances (block, unblock). Every decision is audited.
 */
export function fediverseModerationRoutes(
  app: FastifyInstance,
  { admin, running }: ConsoleFediverseContext,
): void {
  const route = app.withTypeProvider<ZodTypeProvider>();
  route.route({
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

  route.route({
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

  route.route({
    ...fromEndpoint(listFediverseBlocks),
    ...admin,
    handler: async () => ({ blocks: (await running().repos.blocks.list()).map(toBlock) }),
  });

  route.route({
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

  route.route({
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
}
