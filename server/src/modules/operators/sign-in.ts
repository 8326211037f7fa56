import { eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { rateLimitHits } from "../../db/schema";
import { addressKey } from "../../lib/address-key";
import { countHit } from "../../stores/rate-limit-store";
import { type Actor, recordChange } from "../audit/index";
import type { KnownDevice } from "./known-device";
import { createOperatorsRepository, type OperatorRow } from "./operators.repository";
import { dummyPasswordHash, verifyPassword } from "./password-hash";
import type { Totp } from "./totp";

const WINDOW_MS = 15 * 60 * 1000;
/**
 * Sign-in attempts allowed per 15 minutes (issue 31, OWASP's device cookies). From a device that
 * has not signed in to the account before: per account (a guesser spreading over many addresses
 * still gets 5 tries an account, shared by every unknown device) and per address (one guesser
 * trying many accounts). From a known device of the account (known-device.ts): per device only,
 * so neither the account's lock nor a full address (a shared network, a proxy's address) keeps
 * the operator out, and a stolen device cookie is worth its own 5 tries. A successful sign-in
 * clears the count it was made under (a known device's sign-in leaves the account's lock on for
 * the others). Counted in the shared rate_limit_hits table, so every server sees the same counts
 * (decision 0014), whatever RATE_LIMIT_STORE says for the public API.
 */
export const SIGN_IN_LIMITS = { account: 5, address: 20, device: 5, windowMs: WINDOW_MS };

type SignInOutcome =
  | { kind: "signed-in"; operator: OperatorRow }
  | { kind: "refused" }
  | { kind: "code-required" }
  | { kind: "code-refused" }
  | { kind: "limited"; scope: "account" | "address" | "device"; retryAfterSeconds: number };

const accountKey = (email: string) => `console-sign-in|account|${email}`;
const deviceKey = (device: KnownDevice) => `console-sign-in|device|${device.id}`;

/** The audit entry's actor when the limit locks an account. */
const signInLimit: Actor = { kind: "system", name: "sign-in limit" };

interface SignInInput {
  email: string;
  password: string;
  code?: string;
}

/** `perAddress`: CONSOLE_SIGN_IN_LIMIT_PER_ADDRESS (20 unless set). */
export function createSignIn(db: Database, totp: Totp, perAddress = SIGN_IN_LIMITS.address) {
  const repository = createOperatorsRepository(db);
  const retry = (scope: "account" | "address" | "device", ttl: number): SignInOutcome => ({
    kind: "limited",
    scope,
    retryAfterSeconds: Math.ceil(ttl / 1000),
  });

  const forget = async (key: string) => {
    await db.delete(rateLimitHits).where(eq(rateLimitHits.key, key));
  };

  /** Counts the attempt before it is checked (attempts at once cannot slip past a count). */
  async function countUnknown(email: string, ip: string) {
    const [account, address] = await Promise.all([
      countHit(db, accountKey(email), WINDOW_MS),
      countHit(db, `console-sign-in|address|${addressKey(ip)}`, WINDOW_MS),
    ]);
    if (account.current > SIGN_IN_LIMITS.account) return { account, limit: retry("account", account.ttl) };
    if (address.current > perAddress) return { account, limit: retry("address", address.ttl) };
    return { account, limit: null };
  }

  /** Password, then the code when two-step sign-in is on. */
  async function check(operator: OperatorRow | null, input: SignInInput): Promise<SignInOutcome> {
    const hash = operator?.passwordHash ?? (await dummyPasswordHash());
    const passwordRight = await verifyPassword(hash, input.password);
    if (!operator?.passwordHash || !passwordRight || operator.disabledAt) return { kind: "refused" };
    if (operator.totpSecret) {
      if (!input.code) return { kind: "code-required" };
      const step = await totp.check(totp.open(operator.totpSecret), input.code, operator.totpLastStep);
      if (step === null || !(await repository.acceptTotpStep(operator.id, step)))
        return { kind: "code-refused" };
    }
    return { kind: "signed-in", operator };
  }

  return {
    /**
     * One sign-in attempt; `device`: the request's device cookie, if any (it counts only for the
     * account it was set for). An unknown email, an operator without a password yet, a disabled one
     * and a wrong password all give "refused", after the same argon2 work (a dummy hash when there
     * is no real one), so neither the answer nor its time tells whether an account exists.
     */
    async attempt(input: SignInInput, ip: string, device: KnownDevice | null = null): Promise<SignInOutcome> {
      const email = input.email.trim().toLowerCase();
      const operator = await repository.byEmail(email);
      const known = device && operator && device.operatorId === operator.id ? device : null;

      if (known) {
        const counted = await countHit(db, deviceKey(known), WINDOW_MS);
        if (counted.current > SIGN_IN_LIMITS.device) return retry("device", counted.ttl);
        const outcome = await check(operator, input);
        if (outcome.kind === "signed-in") await forget(deviceKey(known));
        return outcome;
      }

      const { account, limit } = await countUnknown(email, ip);
      if (limit) return limit;
      const outcome = await check(operator, input);
      if (outcome.kind === "signed-in") await forget(accountKey(email));
      // The attempt that filled the account's count, and did not sign in, locked the account: one
      // attempt a window sees that count (the counter is one atomic statement on every server).
      else if (operator && account.current === SIGN_IN_LIMITS.account) {
        await recordChange(db, {
          actor: signInLimit,
          entity: "operator",
          entityId: operator.id,
          action: "sign-in-locked",
          after: {
            failedAttempts: SIGN_IN_LIMITS.account,
            lockedForMinutes: Math.ceil(account.ttl / 60_000),
            until: new Date(Date.now() + account.ttl).toISOString(),
          },
        });
      }
      return outcome;
    },
  };
}
