import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, lt, or, type SQL, sql } from "drizzle-orm";
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

interface SessionLifetimes {
  /** Sliding: a session unused (unwritten) this long ends. */
  idleMs: number;
  /** Absolute: a session ends this long after it was created, however often it is used. */
  absoluteMs: number;
}

/** What a change made under the session's lock returns: new data to store (if any) and a result. */
export interface SessionChange<T> {
  data?: SessionData;
  result: T;
}

const interval = (ms: number) => sql`make_interval(secs => ${ms / 1000})`;

export function createSessionStore(db: Database, lifetimes: SessionLifetimes) {
  const { idleMs, absoluteMs } = lifetimes;
  /** Live: not idle too long and not past the absolute lifetime (rows from before the cap included). */
  const live = (): SQL =>
    and(
      gt(sessions.expiresAt, sql`now()`),
      gt(sessions.createdAt, sql`now() - ${interval(absoluteMs)}`),
    ) as SQL;
  // The sliding expiry never passes the absolute one, so the expiry index alone finds dead rows.
  const nextExpiry = sql`least(now() + ${interval(idleMs)}, ${sessions.createdAt} + ${interval(absoluteMs)})`;

  async function put(executor: Database, id: string, data: SessionData): Promise<Date> {
    const [row] = await executor
      .insert(sessions)
      .values({
        id: sessionRowId(id),
        data,
        updatedAt: sql`now()`,
        expiresAt: sql`now() + ${interval(idleMs)}`,
      })
      .onConflictDoUpdate({
        target: sessions.id,
        set: { data, updatedAt: sql`now()`, expiresAt: nextExpiry },
      })
      .returning({ expiresAt: sessions.expiresAt });
    return row?.expiresAt ?? new Date(Date.now() + idleMs);
  }

  return {
    async get(id: string): Promise<SessionData | null> {
      const [row] = await db
        .select({ data: sessions.data })
        .from(sessions)
        .where(and(eq(sessions.id, sessionRowId(id)), live()));
      return row?.data ?? null;
    },

    /**
     * Stores `data` under `id`, creating the row if needed; every write restarts the sliding expiry
     * (capped at the absolute one). Returns the new expiry.
     */
    put: (id: string, data: SessionData) => put(db, id, data),

    /**
     * Reads the live session `id` and hands it to `change`, storing what it returns, with the row
     * locked (`SELECT … FOR UPDATE`) from the read to the write when `rowLock` is set: another
     * server changing the same session waits for this one and then reads its result. Without it
     * (PGlite: one process, where an open transaction would hold every other query), the caller
     * serialises in process. `change` gets null when there is no live session, and its data is
     * then not stored.
     */
    async update<T>(
      id: string,
      change: (data: SessionData | null) => Promise<SessionChange<T>>,
      options: { rowLock: boolean },
    ): Promise<{ result: T; expiresAt: Date | null }> {
      const run = async (executor: Database, lock: boolean) => {
        const query = executor
          .select({ data: sessions.data })
          .from(sessions)
          .where(and(eq(sessions.id, sessionRowId(id)), live()));
        const [row] = lock ? await query.for("update") : await query;
        const outcome = await change(row?.data ?? null);
        const expiresAt = row && outcome.data ? await put(executor, id, outcome.data) : null;
        return { result: outcome.result, expiresAt };
      };
      if (!options.rowLock) return run(db, false);
      return db.transaction((tx) => run(tx as unknown as Database, true));
    },

    async delete(id: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.id, sessionRowId(id)));
    },

    /** Deletes rows past either lifetime; returns how many. */
    async purgeExpired(): Promise<number> {
      const rows = await db
        .delete(sessions)
        .where(
          or(
            lt(sessions.expiresAt, sql`now()`),
            lt(sessions.createdAt, sql`now() - ${interval(absoluteMs)}`),
          ),
        )
        .returning({ id: sessions.id });
      return rows.length;
    },
  };
}
