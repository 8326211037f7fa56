import { and, asc, count, eq, gt, inArray, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { federationBlocks, federationFollowers } from "../../db/schema";

interface NewFollower {
  accountKey: string;
  actorId: string;
  handle: string;
  name: string;
  inbox: string;
  sharedInbox: string | null;
  followId: string;
  state: "pending" | "accepted";
}

export type FollowerRow = typeof federationFollowers.$inferSelect;

/** The host of an https (or, in tests, http) address; the instance a remote account lives on. */
export const instanceOf = (address: string | URL) => new URL(address).hostname.toLowerCase();

export function createFollowersRepository(db: Database) {
  return {
    /**
     * Records a follow (again: a repeated Follow replaces the Follow id it is answered with, and
     * an accepted follow stays accepted).
     */
    async add(follower: NewFollower): Promise<FollowerRow> {
      const [row] = await db
        .insert(federationFollowers)
        .values({ ...follower, instance: instanceOf(follower.actorId) })
        .onConflictDoUpdate({
          target: [federationFollowers.accountKey, federationFollowers.actorId],
          set: {
            followId: follower.followId,
            handle: follower.handle,
            name: follower.name,
            inbox: follower.inbox,
            sharedInbox: follower.sharedInbox,
            state: sql`case when ${federationFollowers.state} = 'accepted' then 'accepted' else excluded.state end`,
          },
        })
        .returning();
      if (!row) throw new Error("The follower could not be stored.");
      return row;
    },

    async remove(accountKey: string, actorId: string): Promise<FollowerRow | undefined> {
      const [row] = await db
        .delete(federationFollowers)
        .where(and(eq(federationFollowers.accountKey, accountKey), eq(federationFollowers.actorId, actorId)))
        .returning();
      return row;
    },

    /** An actor gone (its Delete) or blocked: it follows nothing of ours any more. */
    async removeActorEverywhere(actorId: string): Promise<number> {
      const rows = await db
        .delete(federationFollowers)
        .where(eq(federationFollowers.actorId, actorId))
        .returning({ id: federationFollowers.id });
      return rows.length;
    },

    async removeInstanceEverywhere(instance: string): Promise<number> {
      const rows = await db
        .delete(federationFollowers)
        .where(eq(federationFollowers.instance, instance))
        .returning({ id: federationFollowers.id });
      return rows.length;
    },

    async byId(id: number): Promise<FollowerRow | undefined> {
      const [row] = await db.select().from(federationFollowers).where(eq(federationFollowers.id, id));
      return row;
    },

    async accept(id: number): Promise<FollowerRow | undefined> {
      const [row] = await db
        .update(federationFollowers)
        .set({ state: "accepted" })
        .where(eq(federationFollowers.id, id))
        .returning();
      return row;
    },

    async acceptedCount(accountKey: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(federationFollowers)
        .where(
          and(eq(federationFollowers.accountKey, accountKey), eq(federationFollowers.state, "accepted")),
        );
      return row?.n ?? 0;
    },

    /**
     * Accepted followers after the row id `after`, in id order, `limit` at a time, none on a
     * blocked instance or blocked account: the recipients of a fan-out and the collection's pages.
     */
    async acceptedPage(accountKey: string, after: number, limit: number): Promise<FollowerRow[]> {
      return db
        .select()
        .from(federationFollowers)
        .where(
          and(
            eq(federationFollowers.accountKey, accountKey),
            eq(federationFollowers.state, "accepted"),
            gt(federationFollowers.id, after),
            sql`not exists (select 1 from ${federationBlocks} b where (b.kind = 'instance' and b.value = ${federationFollowers.instance}) or (b.kind = 'account' and b.value = ${federationFollowers.actorId}))`,
          ),
        )
        .orderBy(asc(federationFollowers.id))
        .limit(limit);
    },

    /** Per account, its accepted followers and its follow requests waiting for approval. */
    async countsByAccount(): Promise<Map<string, { accepted: number; pending: number }>> {
      const rows = await db
        .select({
          accountKey: federationFollowers.accountKey,
          accepted: sql<number>`count(*) filter (where ${federationFollowers.state} = 'accepted')::int`,
          pending: sql<number>`count(*) filter (where ${federationFollowers.state} = 'pending')::int`,
        })
        .from(federationFollowers)
        .groupBy(federationFollowers.accountKey);
      return new Map(rows.map(({ accountKey, ...counts }) => [accountKey, counts]));
    },

    /** Every follower of the accounts (console lists): follow requests first, then newest first. */
    async list(accountKeys: string[], limit: number, offset: number): Promise<FollowerRow[]> {
      if (accountKeys.length === 0) return [];
      return db
        .select()
        .from(federationFollowers)
        .where(inArray(federationFollowers.accountKey, accountKeys))
        .orderBy(sql`${federationFollowers.state} = 'pending' desc`, sql`${federationFollowers.id} desc`)
        .limit(limit)
        .offset(offset);
    },
  };
}

export type FollowersRepository = ReturnType<typeof createFollowersRepository>;
