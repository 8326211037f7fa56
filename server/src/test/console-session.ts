import { randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { operators } from "../db/schema";
import { hashPassword } from "../modules/operators/index";
import { createOperatorSessionStore, type OperatorRole } from "../stores/operator-session-store";

/** The password every test operator gets (long, not a common one). */
export const TEST_OPERATOR_PASSWORD = "violet-turntable-47-listening";

export interface TestOperator {
  id: number;
  email: string;
  role: OperatorRole;
  password: string;
}

/** An operator with a password, straight in the test database (a fresh address unless given). */
export async function createTestOperator(
  app: FastifyInstance,
  role: OperatorRole,
  email = `${role}-${randomBytes(4).toString("hex")}@console.test`,
): Promise<TestOperator> {
  const [row] = await app.db
    .insert(operators)
    .values({
      email: email.toLowerCase(),
      role,
      passwordHash: await hashPassword(TEST_OPERATOR_PASSWORD),
      passwordChangedAt: new Date(),
    })
    .returning({ id: operators.id, email: operators.email });
  if (!row) throw new Error("the test operator was not created");
  return { ...row, role, password: TEST_OPERATOR_PASSWORD };
}

/** The `cookie` header of a signed-in session for an existing operator. */
export async function cookieFor(
  app: FastifyInstance,
  operator: { id: number; email: string; role: OperatorRole },
) {
  const id = await createOperatorSessionStore(app.db).create(operator);
  return `${app.operatorSessions.cookieName}=${app.signCookie(id)}`;
}

/**
 * Creates an operator and signs them in; returns the `cookie` header for `app.inject`:
 *   const cookie = await consoleCookie(t.app, "editor");
 *   await t.app.inject({ url: "/api/admin/…", headers: { cookie } });
 * The app must be ready (`await app.ready()`) or have answered a request already.
 */
export async function consoleCookie(
  app: FastifyInstance,
  role: OperatorRole,
  email?: string,
): Promise<string> {
  await app.ready();
  return cookieFor(app, await createTestOperator(app, role, email));
}

/** The headers of a write made by the console's own page in a browser (see lib/same-origin-write.ts). */
export function consoleWriteHeaders(cookie: string): Record<string, string> {
  return { cookie, "sec-fetch-site": "same-origin" };
}
