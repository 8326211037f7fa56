import { isIP } from "node:net";
import { eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { rateLimitHits } from "../../db/schema";
import { countHit } from "../../plugins/rate-limit-store";
import { createOperatorsRepository, type OperatorRow } from "./operators.repository";
import { dummyPasswordHash, verifyPassword } from "./password-hash";
import type { Totp } from "./totp";

const WINDOW_MS = 15 * 60 * 1000;
/**
 * Sign-in attempts allowed per 15 minutes: per account (a guesser spreading over many addresses
 * still gets 5 tries an account), and per address (one guesser trying many accounts). A successful
 * sign-in clears its account's count. Counted in the shared rate_limit_hits table, so every server
 * sees the same counts (decision 0014), whatever RATE_LIMIT_STORE says for the public API.
 */
export const SIGN_IN_LIMITS = { account: 5, address: 20, windowMs: WINDOW_MS };

export type SignInOutcome =
  | { kind: "signed-in"; operator: OperatorRow }
  | { kind: "refused" }
  | { kind: "code-required" }
  | { kind: "code-refused" }
  | { kind: "limited"; scope: "account" | "address"; retryAfterSeconds: number };

/** IPv6 clients by their /64 (one household or host), as the public API's rate limit does. */
function addressKey(ip: string): string {
  if (isIP(ip) !== 6) return ip;
  if (ip.startsWith("::ffff:")) return ip.slice(7);
  const groups = ip.split("::")[0]?.split(":") ?? [];
  return `${groups.slice(0, 4).join(":")}::/64`;
}

const accountKey = (email: string) => `console-sign-in|account|${email}`;

export interface SignInInput {
  email: string;
  password: string;
  code?: string;
}

/** `perAddress`: CONSOLE_SIGN_IN_LIMIT_PER_ADDRESS (20 unless set). */
export function createSignIn(db: Database, totp: Totp, perAddress = SIGN_IN_LIMITS.address) {
  const repository = createOperatorsRepository(db);

  async function limited(email: string, ip: string): Promise<SignInOutcome | null> {
    const [account, address] = await Promise.all([
      countHit(db, accountKey(email), WINDOW_MS),
      countHit(db, `console-sign-in|address|${addressKey(ip)}`, WINDOW_MS),
    ]);
    if (account.current > SIGN_IN_LIMITS.account) {
      return { kind: "limited", scope: "account", retryAfterSeconds: Math.ceil(account.ttl / 1000) };
    }
    if (address.current > perAddress) {
      return { kind: "limited", scope: "address", retryAfterSeconds: Math.ceil(address.ttl / 1000) };
    }
    return null;
  }

  return {
    /**
     * One sign-in attempt. An unknown email, an operator without a password yet, a disabled one
     * and a wrong password all give "refused", after the same argon2 work (a dummy hash when there
     * is no real one), so neither the answer nor its time tells whether an account exists.
     */
    async attempt(input: SignInInput, ip: string): Promise<SignInOutcome> {
      const email = input.email.trim().toLowerCase();
      const limit = await limited(email, ip);
      if (limit) return limit;
      const operator = await repository.byEmail(email);
      const hash = operator?.passwordHash ?? (await dummyPasswordHash());
      const passwordRight = await verifyPassword(hash, input.password);
      if (!operator?.passwordHash || !passwordRight || operator.disabledAt) return { kind: "refused" };

      if (operator.totpSecret) {
        if (!input.code) return { kind: "code-required" };
        const step = await totp.check(totp.open(operator.totpSecret), input.code, operator.totpLastStep);
        if (step === null || !(await repository.acceptTotpStep(operator.id, step)))
          return { kind: "code-refused" };
      }
      await db.delete(rateLimitHits).where(eq(rateLimitHits.key, accountKey(email)));
      return { kind: "signed-in", operator };
    },
  };
}
