import { and, asc, count, desc, eq, ne } from "drizzle-orm";
import type { Database } from "../../db/client";
import { federationComments } from "../../db/schema";

export type CommentRow = typeof federationComments.$inferSelect;
type CommentState = "pending" | "approved" | "hidden";
type NewComment = Omit<typeof federationComments.$inferInsert, "id" | "state" | "createdAt">;

/** Replies to the club's posts, held for moderation before they show under a page. */
export function createCommentsRepository(db: Database) {
  return {
    /**
     * Records a reply, or its edit: an edit of an approved comment goes back to the queue (what an
     * operator approved is what shows).
     */
    async upsert(comment: NewComment): Promise<CommentRow | undefined> {
      const [row] = await db
        .insert(federationComments)
        .values(comment)
        .onConflictDoUpdate({
          target: federationComments.objectId,
          set: { body: comment.body, name: comment.name, url: comment.url, state: "pending" },
          setWhere: eq(federationComments.actorId, comment.actorId),
        })
        .returning();
      return row;
    },

    /** Deletes a reply its author deleted; false when it is not theirs or not known. */
    async removeByObject(objectId: string, actorId: string): Promise<boolean> {
      const rows = await db
        .delete(federationComments)
        .where(and(eq(federationComments.objectId, objectId), eq(federationComments.actorId, actorId)))
        .returning({ id: federationComments.id });
      return rows.length > 0;
    },

    async removeByActor(actorId: string): Promise<void> {
      await db.delete(federationComments).where(eq(federationComments.actorId, actorId));
    },

    /** Hides every comment of an account (a block); returns how many were not hidden yet. */
    async hideByActor(actorId: string): Promise<number> {
      const rows = await db
        .update(federationComments)
        .set({ state: "hidden" })
        .where(and(eq(federationComments.actorId, actorId), ne(federationComments.state, "hidden")))
        .returning({ id: federationComments.id });
      return rows.length;
    },

    /** Hides every comment from an instance (a block); returns how many were not hidden yet. */
    async hideByInstance(instance: string): Promise<number> {
      const rows = await db
        .update(federationComments)
        .set({ state: "hidden" })
        .where(and(eq(federationComments.instance, instance), ne(federationComments.state, "hidden")))
        .returning({ id: federationComments.id });
      return rows.length;
    },

    async countInState(state: CommentState): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(federationComments)
        .where(eq(federationComments.state, state));
      return row?.n ?? 0;
    },

    async setState(id: number, state: CommentState): Promise<CommentRow | undefined> {
      const [row] = await db
        .update(federationComments)
        .set({ state })
        .where(eq(federationComments.id, id))
        .returning();
      return row;
    },

    async byId(id: number): Promise<CommentRow | undefined> {
      const [row] = await db.select().from(federationComments).where(eq(federationComments.id, id));
      return row;
    },

    /** The approved comments under a post, oldest first. */
    async approvedFor(postId: number): Promise<CommentRow[]> {
      return db
        .select()
        .from(federationComments)
        .where(and(eq(federationComments.postId, postId), eq(federationComments.state, "approved")))
        .orderBy(asc(federationComments.publishedAt));
    },

    /** The moderation queue (or another state), newest first. */
    async inState(state: CommentState, limit: number, offset: number): Promise<CommentRow[]> {
      return db
        .select()
        .from(federationComments)
        .where(eq(federationComments.state, state))
        .orderBy(desc(federationComments.createdAt))
        .limit(limit)
        .offset(offset);
    },
  };
}

export type CommentsRepository = ReturnType<typeof createCommentsRepository>;
