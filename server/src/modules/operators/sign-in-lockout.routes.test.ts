import { randomBytes } from "node:crypto";
import { ActivityPageSchema } from "@waveform/contracts/console-activity";
import { and, eq, sql } from "drizzle-orm";
import { generate, generateSecret } from "otplib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, operators, rateLimitHits } from "../../db/schema";
import { cookieFor, createTestOperator, TEST_OPERATOR_PASSWORD } from "../../test/console-session";
import { createTestApp, type TestApp } from "../../test/test-app";
import { testEngine } from "../../test/test-database";
import { SIGN_IN_LIMITS } from "./sign-in";
import { createTotp } from "./totp";

const SAME_ORIGIN = { "sec-fetch-site": "same-origin" };
const DEVICE_COOKIE = "waveform_console_device";
const WRONG = "not the password, a guess";

/**
 * Issue 31: five wrong passwords from anywhere used to lock the real operator out too. The
 * per-account lock now holds only for devices that have not signed in to the account before.
 */
describe(`console sign-in lock-out on ${testEngine}`, () => {
  let t: TestApp;
  let address = 0;
  const sessionSecret = randomBytes(32).toString("base64url");
  beforeAll(async () => {
    t = await createTestApp({ env: { SESSION_SECRET: sessionSecret } });
    await t.app.ready();
  });
  afterAll(() => t.close());

  /** A new address each time unless given: the attacker's guesses come from everywhere. */
  const signIn = (payload: object, options: { cookie?: string; ip?: string } = {}) =>
    t.app.inject({
      method: "POST",
      url: "/api/admin/sign-in",
      remoteAddress: options.ip ?? `198.51.100.${++address % 250}`,
      headers: { ...SAME_ORIGIN, ...(options.cookie && { cookie: options.cookie }) },
      payload,
    });
  const setCookies = (response: { headers: Record<string, unknown> }) =>
    [response.headers["set-cookie"] ?? []].flat().map(String);
  /** The device cookie a successful sign-in set, as a `cookie` header. */
  const deviceOf = (response: { headers: Record<string, unknown> }) => {
    const header = setCookies(response).find((cookie) => cookie.startsWith(`${DEVICE_COOKIE}=`));
    expect(header, "a device cookie is set").toBeDefined();
    return String(header).split(";")[0] as string;
  };
  const lockEntries = (operatorId: number) =>
    t.app.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entity, "operator"),
          eq(auditLog.entityId, String(operatorId)),
          eq(auditLog.action, "sign-in-locked"),
        ),
      );
  const lockOut = async (email: string) => {
    for (let i = 0; i < SIGN_IN_LIMITS.account; i++)
      expect((await signIn({ email, password: `${WRONG} ${i}` })).statusCode).toBe(401);
  };

  it("still locks the account for unknown devices: the attacker, and a forged or another account's device cookie", async () => {
    const editor = await createTestOperator(t.app, "editor");
    const other = await createTestOperator(t.app, "editor");
    const othersDevice = deviceOf(await signIn({ email: other.email, password: TEST_OPERATOR_PASSWORD }));
    await lockOut(editor.email);
    const right = { email: editor.email, password: TEST_OPERATOR_PASSWORD };
    for (const cookie of [
      undefined,
      othersDevice,
      `${DEVICE_COOKIE}=device.${editor.id}.${"A".repeat(22)}`,
      `${DEVICE_COOKIE}=${t.app.signCookie(`device.${editor.id}`)}`,
    ]) {
      const limited = await signIn(right, { cookie });
      expect(limited.statusCode, String(cookie)).toBe(429);
      expect(limited.json().error).toMatch(
        /^Too many sign-in attempts for this account\. Try again in 15 minutes\.$/,
      );
    }
  });

  it("signs the operator in from a device that signed in before while the account is locked, and keeps the lock for others", async () => {
    const editor = await createTestOperator(t.app, "editor");
    const first = await signIn({ email: editor.email, password: TEST_OPERATOR_PASSWORD });
    expect(first.statusCode).toBe(200);
    const device = setCookies(first).find((cookie) => cookie.startsWith(`${DEVICE_COOKIE}=`));
    // Long-lived, signed, out of reach of scripts and of other sites.
    expect(device).toMatch(/; Max-Age=31536000; Path=\/; HttpOnly; SameSite=Strict$/);
    const known = deviceOf(first);

    await lockOut(editor.email);
    expect((await signIn({ email: editor.email, password: TEST_OPERATOR_PASSWORD })).statusCode).toBe(429);
    const again = await signIn({ email: editor.email, password: TEST_OPERATOR_PASSWORD }, { cookie: known });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ id: editor.id, email: editor.email });
    // The operator's sign-in does not lift the lock for everyone else.
    expect((await signIn({ email: editor.email, password: WRONG })).statusCode).toBe(429);
  });

  it("needs the password and the code from the known device when two-step sign-in is on", async () => {
    const editor = await createTestOperator(t.app, "editor");
    const secret = generateSecret();
    const totp = createTotp(sessionSecret, "test");
    await t.app.db
      .update(operators)
      .set({ totpSecret: totp.seal(secret) })
      .where(eq(operators.id, editor.id));
    const right = { email: editor.email, password: TEST_OPERATOR_PASSWORD };
    const first = await signIn({ ...right, code: await generate({ secret }) });
    expect(first.statusCode).toBe(200);
    const known = deviceOf(first);

    await lockOut(editor.email);
    expect((await signIn(right, { cookie: known })).json()).toMatchObject({ codeRequired: true });
    const next = await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });
    const signedIn = await signIn({ ...right, code: next }, { cookie: known });
    expect(signedIn.statusCode).toBe(200);
  });

  it("lets a known device through a full per-address count (a shared network, or a proxy's address)", async () => {
    const editor = await createTestOperator(t.app, "editor");
    const known = deviceOf(await signIn({ email: editor.email, password: TEST_OPERATOR_PASSWORD }));
    const ip = "203.0.113.77";
    for (let i = 0; i < SIGN_IN_LIMITS.address; i++)
      await signIn({ email: `guess-${i}@console.test`, password: WRONG }, { ip });
    expect((await signIn({ email: editor.email, password: TEST_OPERATOR_PASSWORD }, { ip })).statusCode).toBe(
      429,
    );
    expect(
      (await signIn({ email: editor.email, password: TEST_OPERATOR_PASSWORD }, { ip, cookie: known }))
        .statusCode,
    ).toBe(200);
  });

  it("limits a known device's own failures, apart from the shared count", async () => {
    const editor = await createTestOperator(t.app, "editor");
    const known = deviceOf(await signIn({ email: editor.email, password: TEST_OPERATOR_PASSWORD }));
    for (let i = 0; i < SIGN_IN_LIMITS.account; i++)
      expect((await signIn({ email: editor.email, password: WRONG }, { cookie: known })).statusCode).toBe(
        401,
      );
    const limited = await signIn(
      { email: editor.email, password: TEST_OPERATOR_PASSWORD },
      { cookie: known },
    );
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toMatch(
      /^Too many sign-in attempts from this device\. Try again in 15 minutes\.$/,
    );
    // A stolen device cookie gives a guesser no more than its own few tries; the account's count is untouched.
    expect((await lockEntries(editor.id)).length).toBe(0);
  });

  it("writes each lock to the activity once, for administrators", async () => {
    const editor = await createTestOperator(t.app, "editor");
    await lockOut(editor.email);
    for (let i = 0; i < 3; i++)
      expect((await signIn({ email: editor.email, password: WRONG })).statusCode).toBe(429);
    const entries = await lockEntries(editor.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actorKind: "system", operatorId: null, actorLabel: "sign-in limit" });
    expect(entries[0]?.after).toMatchObject({ failedAttempts: SIGN_IN_LIMITS.account, lockedForMinutes: 15 });

    // An unknown email locks nothing worth an entry.
    const allLocks = () => t.app.db.select().from(auditLog).where(eq(auditLog.action, "sign-in-locked"));
    const before = (await allLocks()).length;
    await lockOut("nobody-at-all@console.test");
    expect(await allLocks()).toHaveLength(before);

    // The next lock, once the window has passed, is an entry of its own.
    await t.app.db
      .update(rateLimitHits)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(rateLimitHits.key, `console-sign-in|account|${editor.email}`));
    await lockOut(editor.email);
    expect(await lockEntries(editor.id)).toHaveLength(2);

    // Administrators read it in the activity, and the locked editor (their own account); other editors do not.
    const locksSeenBy = async (cookie: string) => {
      const answer = await t.app.inject({ url: "/api/admin/activity?entity=operator", headers: { cookie } });
      return ActivityPageSchema.parse(answer.json()).entries.filter(
        (entry) => entry.action === "sign-in-locked" && entry.entityId === String(editor.id),
      );
    };
    const lock = expect.objectContaining({ actorKind: "system", actor: "sign-in limit" });
    const admin = await cookieFor(t.app, await createTestOperator(t.app, "admin"));
    expect(await locksSeenBy(admin)).toEqual([lock, lock]);
    expect(await locksSeenBy(await cookieFor(t.app, editor))).toEqual([lock, lock]);
    expect(await locksSeenBy(await cookieFor(t.app, await createTestOperator(t.app, "editor")))).toEqual([]);
  });
});
