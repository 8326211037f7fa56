import { and, eq, or } from "drizzle-orm";
import type { Database } from "../../db/client";
import { federationBlocks } from "../../db/schema";
import { instanceOf } from "./followers.repository";

type BlockKind = "account" | "instance";

/** Accounts and instances the club neither hears from nor sends to. */
export function createBlocksRepository(db: Database) {
  return {
    /** True when the actor, or the instance it lives on, is blocked. */
    async isBlocked(actorId: string | URL): Promise<boolean> {
      const id = String(actorId);
      const rows = await db
        .select({ kind: federationBlocks.kind })
        .from(federationBlocks)
        .where(
          or(
            and(eq(federationBlocks.kind, "account"), eq(federationBlocks.value, id)),
            and(eq(federationBlocks.kind, "instance"), eq(federationBlocks.value, instanceOf(id))),
          ),
        )
        .limit(1);
      return rows.length > 0;
    },

    async block(kind: BlockKind, value: string): Promise<void> {
      await db.insert(federationBlocks).values({ kind, value }).onConflictDoNothing();
    },

    async unblock(kind: BlockKind, value: string): Promise<boolean> {
      const rows = await db
        .delete(federationBlocks)
        .where(and(eq(federationBlocks.kind, kind), eq(federationBlocks.value, value)))
        .returning({ value: federationBlocks.value });
      return rows.length > 0;
    },

    async list(): Promise<{ kind: BlockKind; value: string; createdAt: Date }[]> {
      const rows = await db.select().from(federationBlocks).orderBy(federationBlocks.createdAt);
      return rows.map((row) => ({ ...row, kind: row.kind as BlockKind }));
    },
  };
}

export type BlocksRepository = ReturnType<typeof createBlocksRepository>;
