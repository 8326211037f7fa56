import { and, count, desc, eq, inArray, isNotNull, isNull, lt, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { federationPosts, federationReactions, newsletterIssues } from "../../db/schema";
import type { PostContent, Subject } from "./subjects";

export type PostRow = Omit<typeof federationPosts.$inferSelect, "object"> & { object: PostContent };

const asPost = (row: typeof federationPosts.$inferSelect): PostRow => ({
  ...row,
  object: row.object as unknown as PostContent,
});

export function createPostsRepository(db: Database) {
  return {
    async byId(id: number): Promise<PostRow | undefined> {
      const [row] = await db.select().from(federationPosts).where(eq(federationPosts.id, id));
      return row && asPost(row);
    },

    /** The posts of these ids (the ones that exist), in no order. */
    async byIds(ids: number[]): Promise<PostRow[]> {
      if (ids.length === 0) return [];
      const rows = await db.select().from(federationPosts).where(inArray(federationPosts.id, ids));
      return rows.map(asPost);
    },

    async bySubject(kind: Subject["kind"], id: number): Promise<PostRow | undefined> {
      const [row] = await db
        .select()
        .from(federationPosts)
        .where(and(eq(federationPosts.subjectKind, kind), eq(federationPosts.subjectId, id)));
      return row && asPost(row);
    },

    /** The id of a published newsletter issue by its slug (its page's address), or null. */
    async issueIdOfSlug(slug: string): Promise<number | null> {
      const [row] = await db
        .select({ id: newsletterIssues.id })
        .from(newsletterIssues)
        .where(and(eq(newsletterIssues.slug, slug), isNotNull(newsletterIssues.publishedAt)));
      return row?.id ?? null;
    },

    async all(): Promise<PostRow[]> {
      return (await db.select().from(federationPosts)).map(asPost);
    },

    async isEmpty(): Promise<boolean> {
      const [row] = await db.select({ n: count() }).from(federationPosts);
      return (row?.n ?? 0) === 0;
    },

    /** A new post; undefined when another server recorded it first. */
    async insert(subject: Subject, digest: string, announced: boolean): Promise<PostRow | undefined> {
      const [row] = await db
        .insert(federationPosts)
        .values({
          accountKey: subject.accountKey,
          subjectKind: subject.kind,
          subjectId: subject.id,
          digest,
          object: subject.content as unknown as Record<string, unknown>,
          publishedAt: subject.publishedAt,
          announced,
        })
        .onConflictDoNothing()
        .returning();
      return row && asPost(row);
    },

    async markAnnounced(id: number): Promise<void> {
      await db.update(federationPosts).set({ announced: true }).where(eq(federationPosts.id, id));
    },

    async update(id: number, content: PostContent, digest: string): Promise<PostRow | undefined> {
      const [row] = await db
        .update(federationPosts)
        .set({
          object: content as unknown as Record<string, unknown>,
          digest,
          updatedAt: new Date(),
          deletedAt: null,
        })
        .where(eq(federationPosts.id, id))
        .returning();
      return row && asPost(row);
    },

    async markDeleted(id: number): Promise<PostRow | undefined> {
      const [row] = await db
        .update(federationPosts)
        .set({ deletedAt: new Date() })
        .where(and(eq(federationPosts.id, id), isNull(federationPosts.deletedAt)))
        .returning();
      return row && asPost(row);
    },

    /** An account's live posts, newest first, before the post id `before` (a page of the outbox). */
    async outboxPage(accountKey: string, before: number | null, limit: number): Promise<PostRow[]> {
      const rows = await db
        .select()
        .from(federationPosts)
        .where(
          and(
            eq(federationPosts.accountKey, accountKey),
            isNull(federationPosts.deletedAt),
            before === null ? undefined : lt(federationPosts.id, before),
          ),
        )
        .orderBy(desc(federationPosts.id))
        .limit(limit);
      return rows.map(asPost);
    },

    /** Live posts of every account (NodeInfo's local posts). */
    async countAllLive(): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(federationPosts)
        .where(isNull(federationPosts.deletedAt));
      return row?.n ?? 0;
    },

    async countLive(accountKey: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(federationPosts)
        .where(and(eq(federationPosts.accountKey, accountKey), isNull(federationPosts.deletedAt)));
      return row?.n ?? 0;
    },

    /** Records a Like or Announce; false when that activity was counted already. */
    async addReaction(
      postId: number,
      kind: "like" | "announce",
      activityId: string,
      actorId: string,
    ): Promise<boolean> {
      const rows = await db
        .insert(federationReactions)
        .values({ postId, kind, activityId, actorId })
        .onConflictDoNothing()
        .returning({ id: federationReactions.activityId });
      return rows.length > 0;
    },

    async removeReaction(activityId: string, actorId: string): Promise<void> {
      await db
        .delete(federationReactions)
        .where(and(eq(federationReactions.activityId, activityId), eq(federationReactions.actorId, actorId)));
    },

    async reactionCounts(postId: number): Promise<{ likes: number; announces: number }> {
      const rows = await db
        .select({ kind: federationReactions.kind, n: count() })
        .from(federationReactions)
        .where(eq(federationReactions.postId, postId))
        .groupBy(federationReactions.kind);
      const of = (kind: string) => rows.find((row) => row.kind === kind)?.n ?? 0;
      return { likes: of("like"), announces: of("announce") };
    },

    /** Removes every reaction of an actor (it was deleted or blocked). */
    async removeReactionsOf(actorId: string): Promise<void> {
      await db.delete(federationReactions).where(sql`${federationReactions.actorId} = ${actorId}`);
    },
  };
}

export type PostsRepository = ReturnType<typeof createPostsRepository>;
