import { CODE_FAILED } from "@waveform/contracts/console-auth";
import { and, eq, sql } from "drizzle-orm";
import { generate } from "otplib";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { auditLog, operators, operatorTokens } from "../../db/schema";
import {
  consoleWriteHeaders,
  cookieFor,
  createTestOperator,
  TEST_OPERATOR_PASSWORD,
} from "../../test/console-session";
import { createTestApp, type TestApp } from "../../test/test-app";
import { testEngine } from "../../test/test-database";
import { LINK_FAILED } from "./account.routes";
import { issueSetPasswordToken } from "./operator-tokens";
import { createOperatorsRepository } from "./operators.repository";

const SAME_ORIGIN = { "sec-fetch-site": "same-origin" };
const NEW_PASSWORD = "a brand new listening password";

describe(`console accounts: set-password links and TOTP on ${testEngine}`, () => {
  let t: TestApp;
  let address = 0;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.ready();
  });
  afterAll(() => t.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  const post = (url: string, payload: object, headers: Record<string, string> = SAME_ORIGIN) =>
    t.app.inject({ method: "POST", url, headers, payload, remoteAddress: `192.0.2.${++address}` });
  const newOperator = async () => {
    const operator = await createOperatorsRepository(t.app.db).create(
      `new-${++address}@console.test`,
      "editor",
    );
    return { ...operator, token: await issueSetPasswordToken(t.app.db, operator.id) };
  };

  it("sets the password from the link once; the operator then signs in with it", async () => {
    const operator = await newOperator();
    const set = await post("/api/admin/set-password", { token: operator.token, password: NEW_PASSWORD });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({ email: operator.email });
    const [row] = await t.app.db.select().from(operators).where(eq(operators.id, operator.id));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const again = await post("/api/admin/set-password", {
      token: operator.token,
      password: `${NEW_PASSWORD} 2`,
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ error: LINK_FAILED });
    const signIn = await post("/api/admin/sign-in", { email: operator.email, password: NEW_PASSWORD });
    expect(signIn.statusCode).toBe(200);
    const [audit] = await t.app.db.select().from(auditLog).where(eq(auditLog.operatorId, operator.id));
    expect(audit).toMatchObject({ entity: "operator", action: "set-password", actorLabel: operator.email });
  });

  it("refuses a link older than an hour, an unknown one, and a newer link replaces an older", async () => {
    const operator = await newOperator();
    await t.app.db
      .update(operatorTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(operatorTokens.operatorId, operator.id));
    expect(
      (await post("/api/admin/set-password", { token: operator.token, password: NEW_PASSWORD })).json(),
    ).toEqual({
      error: LINK_FAILED,
    });
    expect(
      (await post("/api/admin/set-password", { token: "made-up", password: NEW_PASSWORD })).statusCode,
    ).toBe(400);
    const first = await issueSetPasswordToken(t.app.db, operator.id);
    const second = await issueSetPasswordToken(t.app.db, operator.id);
    expect((await post("/api/admin/set-password", { token: first, password: NEW_PASSWORD })).statusCode).toBe(
      400,
    );
    expect(
      (await post("/api/admin/set-password", { token: second, password: NEW_PASSWORD })).statusCode,
    ).toBe(200);
    // Issued with a one-hour lifetime.
    const [token] = await t.app.db
      .select({
        minutes: sql<number>`round(extract(epoch from ${operatorTokens.expiresAt} - ${operatorTokens.createdAt}) / 60)::int`,
      })
      .from(operatorTokens)
      .where(eq(operatorTokens.operatorId, operator.id));
    expect(token?.minutes).toBe(60);
  });

  it("refuses a short, common or own-email password with a field error and keeps the link working", async () => {
    const operator = await newOperator();
    const short = await post("/api/admin/set-password", { token: operator.token, password: "short" });
    expect(short.statusCode).toBe(400);
    expect(short.json().issues[0]).toMatchObject({ path: "password", message: "Use at least 12 characters" });
    for (const password of ["password1234", "Qwerty123456", operator.email]) {
      const refused = await post("/api/admin/set-password", { token: operator.token, password });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().issues[0].path).toBe("password");
    }
    expect(
      (await post("/api/admin/set-password", { token: operator.token, password: NEW_PASSWORD })).statusCode,
    ).toBe(200);
  });

  it("refuses a link of a disabled operator, and a set-password posted by another site", async () => {
    const operator = await newOperator();
    const crossSite = await post(
      "/api/admin/set-password",
      { token: operator.token, password: NEW_PASSWORD },
      { "sec-fetch-site": "cross-site" },
    );
    expect(crossSite.statusCode).toBe(403);
    await createOperatorsRepository(t.app.db).disable(operator.id);
    expect(
      (await post("/api/admin/set-password", { token: operator.token, password: NEW_PASSWORD })).statusCode,
    ).toBe(400);
  });

  it("turns TOTP on with a code, then asks for a code at sign-in and refuses its replay", async () => {
    const editor = await createTestOperator(t.app, "editor");
    const headers = consoleWriteHeaders(await cookieFor(t.app, editor));
    const enrol = await t.app.inject({ method: "POST", url: "/api/admin/totp/enrol", headers });
    expect(enrol.statusCode).toBe(200);
    const { secret, uri, enrolment } = enrol.json();
    expect(uri).toMatch(/^otpauth:\/\/totp\//);
    expect(uri).toContain(`secret=${secret}`);
    const wrong = await post("/api/admin/totp/confirm", { enrolment, code: "000000" }, headers);
    expect(wrong.json()).toMatchObject({ issues: [{ path: "code", message: CODE_FAILED }] });
    // A code of the previous step (30 s ago) confirms; the current one is then still fresh. The
    // clock stands mid-step, so a step boundary passing between generating and checking cannot
    // move that code out of the one step of drift allowed.
    const midStep = Math.floor(Date.now() / 30_000) * 30_000 + 15_000;
    vi.useFakeTimers({ toFake: ["Date"], now: midStep });
    const previous = await generate({ secret, epoch: midStep / 1000 - 30 });
    const confirmed = await post("/api/admin/totp/confirm", { enrolment, code: previous }, headers);
    expect(confirmed.json()).toMatchObject({ totpEnabled: true });
    const [row] = await t.app.db.select().from(operators).where(eq(operators.id, editor.id));
    expect(row?.totpSecret).toMatch(/^v1\./);
    expect(row?.totpSecret).not.toContain(secret);

    const credentials = { email: editor.email, password: TEST_OPERATOR_PASSWORD };
    const noCode = await post("/api/admin/sign-in", credentials);
    expect(noCode.statusCode).toBe(401);
    expect(noCode.json().codeRequired).toBe(true);
    expect(noCode.headers["set-cookie"]).toBeUndefined();
    const code = await generate({ secret });
    expect((await post("/api/admin/sign-in", { ...credentials, code })).statusCode).toBe(200);
    const replay = await post("/api/admin/sign-in", { ...credentials, code });
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({ error: CODE_FAILED, codeRequired: true });
    // A step already used (or before it) is refused too.
    expect((await post("/api/admin/sign-in", { ...credentials, code: previous })).statusCode).toBe(401);
  });

  it("turns TOTP off only with a fresh code; enrolments are bound to their operator", async () => {
    const editor = await createTestOperator(t.app, "editor");
    const other = await createTestOperator(t.app, "editor");
    const headers = consoleWriteHeaders(await cookieFor(t.app, editor));
    const otherHeaders = consoleWriteHeaders(await cookieFor(t.app, other));
    const { secret, enrolment } = (
      await t.app.inject({ method: "POST", url: "/api/admin/totp/enrol", headers })
    ).json();
    const code = await generate({ secret });
    expect((await post("/api/admin/totp/confirm", { enrolment, code }, otherHeaders)).statusCode).toBe(400);
    expect((await post("/api/admin/totp/confirm", { enrolment, code }, headers)).statusCode).toBe(200);
    expect((await t.app.inject({ method: "POST", url: "/api/admin/totp/enrol", headers })).statusCode).toBe(
      409,
    );
    // The code that confirmed cannot also remove it.
    expect((await post("/api/admin/totp/remove", { code }, headers)).statusCode).toBe(400);
    const next = await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });
    const removed = await post("/api/admin/totp/remove", { code: next }, headers);
    expect(removed.json()).toMatchObject({ totpEnabled: false });
    const actions = await t.app.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.operatorId, editor.id), eq(auditLog.entity, "operator")));
    expect(actions.map((a) => a.action)).toEqual(["totp-on", "totp-off"]);
  });

  it("answers 401 without a session and 403 cross-site on every account endpoint", async () => {
    const cookie = await cookieFor(t.app, await createTestOperator(t.app, "editor"));
    for (const url of [
      "/api/admin/totp/enrol",
      "/api/admin/totp/confirm",
      "/api/admin/totp/remove",
      "/api/admin/sign-out",
      "/api/admin/sign-out-everywhere",
    ]) {
      expect((await post(url, {}, SAME_ORIGIN)).statusCode).toBe(401);
      expect((await post(url, {}, { cookie, "sec-fetch-site": "cross-site" })).statusCode).toBe(403);
    }
    expect((await t.app.inject({ url: "/api/admin/me" })).statusCode).toBe(401);
  });
});
