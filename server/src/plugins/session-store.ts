import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, lt, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { sessions } from "../db/schema";

export type SessionData = Record<string, unknown>;

/** A new session id: 256 random bits, the value the cookie carries. */
export const newSessionId = () => randomBytes(32).toString("base64url");

/**
 * The row key is a hash of the cookie's id, so someone who reads the table (a backup, a log of
 * queries) still cannot present a valid cookie.
 */
export const sessionRowId = (id: string) => createHash("sha256").update(id).digest("base64url");

export function createSessionStore(db: Database, ttlMs: number) {
  const expiry = () => new Date(Date.now() + ttlMs);
  return {
    async get(id: string): Promise<SessionData | null> {
      const [row] = await db
        .select({ data: sessions.data })
        .from(sessions)
        .where(and(eq(sessions.id, sessionRowId(id)), gt(sessions.expiresAt, sql`now()`)));
      return row?.data ?? null;
    },

    /** Stores `data` under `id`, creating the row if needed; every write restarts the expiry. */
    async put(id: string, data: SessionData): Promise<void> {
      const values = { data, updatedAt: new Date(), expiresAt: expiry() };
      await db
        .insert(sessions)
        .values({ id: sessionRowId(id), ...values })
        .onConflictDoUpdate({ target: sessions.id, set: values });
    },

    async delete(id: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.id, sessionRowId(id)));
    },

    /** Deletes expired rows; returns how many. */
    async purgeExpired(): Promise<number> {
      const rows = await db
        .delete(sessions)
        .where(lt(sessions.expiresAt, sql`now()`))
        .returning({ id: sessions.id });
      return rows.length;
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;
