import { CODE_MESSAGE, SIGN_IN_FAILED } from "@waveform/contracts/console-auth";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { operators } from "../../db/schema";
import {
  consoleWriteHeaders,
  cookieFor,
  createTestOperator,
  TEST_OPERATOR_PASSWORD,
} from "../../test/console-session";
import { createTestApp, type TestApp } from "../../test/test-app";
import { testEngine } from "../../test/test-database";
import { verifyPassword } from "./password-hash";
import { SIGN_IN_LIMITS } from "./sign-in";

/** Every password check is counted, and still done, so a test can see which hash was verified. */
vi.mock("./password-hash", async (original) => {
  const module = await original<typeof import("./password-hash")>();
  return { ...module, verifyPassword: vi.fn(module.verifyPassword) };
});
const verified = vi.mocked(verifyPassword);

const SAME_ORIGIN = { "sec-fetch-site": "same-origin" };

describe(`console sign-in on ${testEngine}`, () => {
  let t: TestApp;
  let address = 0;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.ready();
  });
  afterAll(() => t.close());

  /** Each test signs in from its own address, so the per-address limit is only met where meant. */
  const signIn = (payload: object, options: { cookie?: string; ip?: string; headers?: object } = {}) =>
    t.app.inject({
      method: "POST",
      url: "/api/admin/sign-in",
      remoteAddress: options.ip ?? `198.51.100.${++address}`,
      headers: { ...SAME_ORIGIN, ...(options.cookie && { cookie: options.cookie }), ...options.headers },
      payload,
    });
  const cookieOf = (response: { headers: Record<string, unknown> }) =>
    String(response.headers["set-cookie"]).split(";")[0] as string;

  it("signs in with the right password: the operator, an HttpOnly SameSite=Strict cookie, /me works", async () => {
    const editor = await createTestOperator(t.app, "editor");
    const response = await signIn({ email: editor.email.toUpperCase(), password: TEST_OPERATOR_PASSWORD });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: editor.id,
      email: editor.email,
      role: "editor",
      totpEnabled: false,
    });
    expect(String(response.headers["set-cookie"])).toMatch(/HttpOnly; SameSite=Strict/);
    const me = await t.app.inject({ url: "/api/admin/me", headers: { cookie: cookieOf(response) } });
    expect(me.json()).toMatchObject({ email: editor.email, role: "editor" });
  });

  it("gives a new session id at sign-in: a cookie planted before it is worthless after (fixation)", async () => {
    const editor = await createTestOperator(t.app, "editor");
    const planted = await cookieFor(t.app, editor);
    const response = await signIn(
      { email: editor.email, password: TEST_OPERATOR_PASSWORD },
      { cookie: planted },
    );
    const fresh = cookieOf(response);
    expect(fresh).not.toBe(planted);
    expect((await t.app.inject({ url: "/api/admin/me", headers: { cookie: planted } })).statusCode).toBe(401);
    expect((await t.app.inject({ url: "/api/admin/me", headers: { cookie: fresh } })).statusCode).toBe(200);
  });

  it("answers an unknown email, a wrong password and a disabled operator alike (no enumeration)", async () => {
    const editor = await createTestOperator(t.app, "editor");
    const disabled = await createTestOperator(t.app, "editor");
    await t.app.db.update(operators).set({ disabledAt: new Date() }).where(eq(operators.id, disabled.id));
    const answers = [
      await signIn({ email: "nobody-here@console.test", password: TEST_OPERATOR_PASSWORD }),
      await signIn({ email: editor.email, password: "not the right password" }),
      await signIn({ email: disabled.email, password: TEST_OPERATOR_PASSWORD }),
    ];
    for (const answer of answers) {
      expect(answer.statusCode).toBe(401);
      expect(answer.json()).toEqual({ error: SIGN_IN_FAILED });
      expect(answer.headers["set-cookie"]).toBeUndefined();
    }
  });

  it("verifies an argon2 hash of the same cost for an unknown email as for a wrong password", async () => {
    // Counted, not timed: a timing test fails whenever the machine is busy. The same work is what
    // makes the two answers take the same time.
    const editor = await createTestOperator(t.app, "editor");
    const [row] = await t.app.db.select().from(operators).where(eq(operators.id, editor.id));
    const parameters = (hash: string) => hash.split("$").slice(1, 4).join("$"); // id, version, cost
    verified.mockClear();
    await signIn({ email: "ghost@console.test", password: "a wrong password here" });
    await signIn({ email: editor.email, password: "a wrong password here" });
    expect(verified).toHaveBeenCalledTimes(2);
    const [unknownHash, wrongHash] = verified.mock.calls.map(([hash]) => hash);
    expect(wrongHash).toBe(row?.passwordHash);
    expect(unknownHash).not.toBe(wrongHash);
    expect(parameters(unknownHash ?? "")).toBe(parameters(wrongHash ?? ""));
    expect(parameters(unknownHash ?? "")).toMatch(/^argon2id\$v=19\$m=19456,t=2,p=1$/);
  });

  it("limits attempts per account, whatever the address, with a clear message", async () => {
    const editor = await createTestOperator(t.app, "editor");
    for (let i = 0; i < SIGN_IN_LIMITS.account; i++) {
      expect((await signIn({ email: editor.email, password: `wrong password ${i}` })).statusCode).toBe(401);
    }
    const limited = await signIn({ email: editor.email, password: TEST_OPERATOR_PASSWORD });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toMatch(
      /^Too many sign-in attempts for this account\. Try again in 15 minutes\.$/,
    );
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(800);
  });

  it("limits attempts per address, whatever the account", async () => {
    const ip = "203.0.113.9";
    for (let i = 0; i < SIGN_IN_LIMITS.address; i++) {
      expect(
        (await signIn({ email: `guess-${i}@console.test`, password: "wrong password" }, { ip })).statusCode,
      ).toBe(401);
    }
    const limited = await signIn({ email: "guess-x@console.test", password: "wrong password" }, { ip });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toMatch(/from your network/);
    // Another address is not limited.
    expect((await signIn({ email: "guess-x@console.test", password: "wrong password" })).statusCode).toBe(
      401,
    );
  });

  it("a successful sign-in clears the account's count", async () => {
    const editor = await createTestOperator(t.app, "editor");
    for (let i = 0; i < SIGN_IN_LIMITS.account - 1; i++)
      await signIn({ email: editor.email, password: "wrong one!" });
    expect((await signIn({ email: editor.email, password: TEST_OPERATOR_PASSWORD })).statusCode).toBe(200);
    for (let i = 0; i < SIGN_IN_LIMITS.account - 1; i++)
      await signIn({ email: editor.email, password: "wrong one!" });
    expect((await signIn({ email: editor.email, password: TEST_OPERATOR_PASSWORD })).statusCode).toBe(200);
  });

  it("refuses a sign-in posted by another site, and bad input with field errors", async () => {
    const editor = await createTestOperator(t.app, "editor");
    const crossSite = await signIn(
      { email: editor.email, password: TEST_OPERATOR_PASSWORD },
      { headers: { "sec-fetch-site": "cross-site" } },
    );
    expect(crossSite.statusCode).toBe(403);
    const bad = await signIn({ email: "not an email", password: "" });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .issues.map((issue: { path: string }) => issue.path)
        .sort(),
    ).toEqual(["email", "password"]);
    const badCode = await signIn({ email: editor.email, password: "x", code: "12ab" });
    expect(badCode.json().issues).toEqual([{ path: "code", message: CODE_MESSAGE }]);
  });

  it("signs out here, or everywhere (every session of the operator ends)", async () => {
    const editor = await createTestOperator(t.app, "editor");
    const [a, b, c] = [
      await cookieFor(t.app, editor),
      await cookieFor(t.app, editor),
      await cookieFor(t.app, editor),
    ];
    const out = await t.app.inject({
      method: "POST",
      url: "/api/admin/sign-out",
      headers: consoleWriteHeaders(a),
    });
    expect(out.statusCode).toBe(204);
    expect(String(out.headers["set-cookie"])).toMatch(/waveform_console=;/);
    expect((await t.app.inject({ url: "/api/admin/me", headers: { cookie: a } })).statusCode).toBe(401);
    expect((await t.app.inject({ url: "/api/admin/me", headers: { cookie: b } })).statusCode).toBe(200);
    const everywhere = await t.app.inject({
      method: "POST",
      url: "/api/admin/sign-out-everywhere",
      headers: consoleWriteHeaders(b),
    });
    expect(everywhere.statusCode).toBe(204);
    for (const cookie of [b, c]) {
      expect((await t.app.inject({ url: "/api/admin/me", headers: { cookie } })).statusCode).toBe(401);
    }
  });
});
