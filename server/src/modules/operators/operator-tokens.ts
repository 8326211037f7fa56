import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Database, Transaction } from "../../db/client";
import { operators, operatorTokens } from "../../db/schema";

/** A set-password link works once, for this long. */
export const SET_PASSWORD_LINK_MS = 60 * 60 * 1000;

export const hashOperatorToken = (token: string) => createHash("sha256").update(token).digest("base64url");

type Db = Database | Transaction;

/**
 * A new one-time set-password token for the operator (256 random bits; only its SHA-256 is
 * stored). Their earlier unused links stop working: the newest link is the only one.
 */
export async function issueSetPasswordToken(db: Db, operatorId: number): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await db
    .delete(operatorTokens)
    .where(and(eq(operatorTokens.operatorId, operatorId), isNull(operatorTokens.usedAt)));
  await db.insert(operatorTokens).values({
    tokenHash: hashOperatorToken(token),
    operatorId,
    purpose: "set-password",
    expiresAt: sql`now() + make_interval(secs => ${SET_PASSWORD_LINK_MS / 1000})`,
  });
  return token;
}

const live = (token: string) =>
  and(
    eq(operatorTokens.tokenHash, hashOperatorToken(token)),
    eq(operatorTokens.purpose, "set-password"),
    isNull(operatorTokens.usedAt),
    gt(operatorTokens.expiresAt, sql`now()`),
  );

/** The operator a live token is for (it stays unused), or null: to check a password before using it. */
export async function peekSetPasswordToken(
  db: Db,
  token: string,
): Promise<{ id: number; email: string } | null> {
  const [row] = await db
    .select({ id: operators.id, email: operators.email })
    .from(operatorTokens)
    .innerJoin(operators, eq(operators.id, operatorTokens.operatorId))
    .where(and(live(token), isNull(operators.disabledAt)));
  return row ?? null;
}

/**
 * Uses the token: marks it used in one statement (so it works once even when sent twice at once)
 * and gives its operator, or null when it is unknown, used, older than an hour, or its operator is
 * disabled. Call it in the transaction that sets the password, so a failed save keeps the link.
 */
export async function useSetPasswordToken(
  db: Db,
  token: string,
): Promise<{ id: number; email: string } | null> {
  const [used] = await db
    .update(operatorTokens)
    .set({ usedAt: sql`now()` })
    .where(live(token))
    .returning({ operatorId: operatorTokens.operatorId });
  if (!used) return null;
  const [operator] = await db
    .select({ id: operators.id, email: operators.email })
    .from(operators)
    .where(and(eq(operators.id, used.operatorId), isNull(operators.disabledAt)));
  return operator ?? null;
}

/** The link an operator opens: the console's set-password page with the token. */
export const setPasswordLink = (publicUrl: string, token: string) =>
  new URL(`/admin/set-password?token=${encodeURIComponent(token)}`, publicUrl).toString();
