import { and, asc, eq, isNull, lt, or, sql } from "drizzle-orm";
import type { Database, Transaction } from "../../db/client";
import { operators, sessions } from "../../db/schema";

export type OperatorRow = typeof operators.$inferSelect;
type OperatorRole = OperatorRow["role"];

/** What the console and the CLI show of an operator: never the hash or the second factor's secret. */
interface OperatorSummary {
  id: number;
  email: string;
  role: OperatorRole;
  totpEnabled: boolean;
  disabled: boolean;
  hasPassword: boolean;
  createdAt: Date;
}

export const summaryOf = (row: OperatorRow): OperatorSummary => ({
  id: row.id,
  email: row.email,
  role: row.role,
  totpEnabled: row.totpSecret !== null,
  disabled: row.disabledAt !== null,
  hasPassword: row.passwordHash !== null,
  createdAt: row.createdAt,
});

export class OperatorExistsError extends Error {
  override name = "OperatorExistsError";
}

type Db = Database | Transaction;

export function createOperatorsRepository(db: Db) {
  return {
    async byEmail(email: string): Promise<OperatorRow | null> {
      const [row] = await db.select().from(operators).where(eq(operators.email, email.trim().toLowerCase()));
      return row ?? null;
    },

    async byId(id: number): Promise<OperatorRow | null> {
      const [row] = await db.select().from(operators).where(eq(operators.id, id));
      return row ?? null;
    },

    list: () => db.select().from(operators).orderBy(asc(operators.email)),

    /** A new operator without a password (they set one with their link). */
    async create(email: string, role: OperatorRole): Promise<OperatorRow> {
      const [row] = await db
        .insert(operators)
        .values({ email: email.trim().toLowerCase(), role })
        .onConflictDoNothing({ target: operators.email })
        .returning();
      if (!row) throw new OperatorExistsError(`An operator with the email ${email} exists already.`);
      return row;
    },

    async setPassword(id: number, passwordHash: string): Promise<void> {
      await db
        .update(operators)
        .set({ passwordHash, passwordChangedAt: sql`now()` })
        .where(eq(operators.id, id));
    },

    /** Turns the second factor on (sealed secret and the step of the code that confirmed it) or off. */
    async setTotp(id: number, sealedSecret: string | null, step: number | null): Promise<void> {
      await db
        .update(operators)
        .set({ totpSecret: sealedSecret, totpLastStep: step })
        .where(eq(operators.id, id));
    },

    /**
     * Records `step` as the last TOTP step used, only if it is later than the one recorded: one
     * statement, so two sign-ins with the same code at once (on two servers) cannot both succeed.
     */
    async acceptTotpStep(id: number, step: number): Promise<boolean> {
      const rows = await db
        .update(operators)
        .set({ totpLastStep: step })
        .where(
          and(eq(operators.id, id), or(isNull(operators.totpLastStep), lt(operators.totpLastStep, step))),
        )
        .returning({ id: operators.id });
      return rows.length === 1;
    },

    /** Ends every session of the operator (a new password, disabling), in the caller's transaction. */
    async endSessions(id: number): Promise<void> {
      await db.delete(sessions).where(eq(sessions.operatorId, id));
    },

    /** Disables the operator and ends all their sessions; false when there is no such operator. */
    async disable(id: number): Promise<boolean> {
      const rows = await db
        .update(operators)
        .set({ disabledAt: sql`coalesce(${operators.disabledAt}, now())` })
        .where(eq(operators.id, id))
        .returning({ id: operators.id });
      await db.delete(sessions).where(eq(sessions.operatorId, id));
      return rows.length === 1;
    },
  };
}
