import { and, eq, gt, isNotNull, isNull, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { operators, sessions } from "../db/schema";
import { newSessionId, sessionRowId } from "./session-store";

export type OperatorRole = "editor" | "admin";

export interface SignedInOperator {
  id: number;
  email: string;
  role: OperatorRole;
}

/** Console sessions end 8 hours after sign-in, however active (issue 18); nothing slides. */
export const CONSOLE_SESSION_MS = 8 * 60 * 60 * 1000;

/**
 * A console session's row id is the hash of its cookie id with a prefix of its own, so a console
 * id presented in the visitor cookie (both are signed with the same key) finds no row, and the
 * visitor session code can never read, extend or rewrite an operator's session.
 */
const consoleRowId = (id: string) => sessionRowId(`console.${id}`);

const lifetime = sql`make_interval(secs => ${CONSOLE_SESSION_MS / 1000})`;

/** Console sessions: rows of the shared `sessions` table, so every server sees the same ones. */
export function createOperatorSessionStore(db: Database) {
  return {
    /** A new session (a new id: nothing known before sign-in is worth anything after it). */
    async create(operator: SignedInOperator): Promise<string> {
      const id = newSessionId();
      await db.insert(sessions).values({
        id: consoleRowId(id),
        data: {},
        expiresAt: sql`now() + ${lifetime}`,
        operatorId: operator.id,
        operatorRole: operator.role,
      });
      return id;
    },

    /**
     * The operator behind a live session, or null: unknown or expired id, or a disabled operator.
     * The role is the operator's current one, so a role taken away counts at once.
     */
    async find(id: string): Promise<SignedInOperator | null> {
      const [row] = await db
        .select({ id: operators.id, email: operators.email, role: operators.role })
        .from(sessions)
        .innerJoin(operators, eq(operators.id, sessions.operatorId))
        .where(
          and(
            eq(sessions.id, consoleRowId(id)),
            isNotNull(sessions.operatorId),
            gt(sessions.expiresAt, sql`now()`),
            gt(sessions.createdAt, sql`now() - ${lifetime}`),
            isNull(operators.disabledAt),
          ),
        );
      return row ?? null;
    },

    async delete(id: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.id, consoleRowId(id)));
    },

    /** Sign-out everywhere, and what disabling an operator does: every session of theirs ends. */
    async deleteAllOf(operatorId: number): Promise<number> {
      const rows = await db
        .delete(sessions)
        .where(eq(sessions.operatorId, operatorId))
        .returning({ id: sessions.id });
      return rows.length;
    },
  };
}
