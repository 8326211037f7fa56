import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, operators, sessions } from "../db/schema";
import { actorOf, recordChange } from "../modules/audit/index";
import { consoleCookie, consoleWriteHeaders, cookieFor, createTestOperator } from "../test/console-session";
import { createTestApp, type TestApp } from "../test/test-app";
import { testEngine } from "../test/test-database";

describe(`console sessions and roles on ${testEngine}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    // Two endpoints of each kind, standing in for the console's own (the modules test theirs).
    const { app } = t;
    app.get("/api/admin/probe", { onRequest: app.requireOperator("editor") }, async (request) => ({
      operator: request.operator,
    }));
    app.post("/api/admin/probe", { onRequest: app.requireOperator("editor") }, async (request) => {
      await app.db.transaction((tx) =>
        recordChange(tx, {
          actor: actorOf(request),
          entity: "probe",
          entityId: 7,
          action: "poke",
          after: { a: 1 },
        }),
      );
      return { ok: true };
    });
    app.get("/api/admin/admin-probe", { onRequest: app.requireOperator("admin") }, async () => ({
      ok: true,
    }));
    app.post<{ Body: { id: number; email: string } }>("/api/admin/probe-sign-in", async (request, reply) => {
      await app.operatorSessions.signIn(request, reply, { ...request.body, role: "editor" });
      return { ok: true };
    });
    await app.ready();
  });
  afterAll(() => t.close());

  it("answers 401 JSON without a session, or with a forged or unknown cookie", async () => {
    for (const cookie of [
      undefined,
      "waveform_console=forged",
      `waveform_console=${t.app.signCookie("unknown")}`,
    ]) {
      const response = await t.app.inject({ url: "/api/admin/probe", headers: cookie ? { cookie } : {} });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ error: expect.any(String) });
    }
  });

  it("lets an editor in and decorates request.operator, keeps editors off admin-only endpoints", async () => {
    const cookie = await consoleCookie(t.app, "editor", "Ed@Console.test");
    const me = await t.app.inject({ url: "/api/admin/probe", headers: { cookie } });
    expect(me.statusCode).toBe(200);
    expect(me.json().operator).toEqual({ id: expect.any(Number), email: "ed@console.test", role: "editor" });
    const admin = await t.app.inject({ url: "/api/admin/admin-probe", headers: { cookie } });
    expect(admin.statusCode).toBe(403);
    expect(admin.json()).toEqual({ error: expect.any(String) });
    const asAdmin = await consoleCookie(t.app, "admin");
    expect(
      (await t.app.inject({ url: "/api/admin/admin-probe", headers: { cookie: asAdmin } })).statusCode,
    ).toBe(200);
  });

  it("refuses a write from another site or without any origin, accepts the console's own", async () => {
    const cookie = await consoleCookie(t.app, "editor");
    const post = (headers: Record<string, string>) =>
      t.app.inject({ method: "POST", url: "/api/admin/probe", headers: { cookie, ...headers } });
    expect((await post({ "sec-fetch-site": "cross-site" })).statusCode).toBe(403);
    expect((await post({ "sec-fetch-site": "same-site" })).statusCode).toBe(403);
    expect((await post({ origin: "https://evil.example" })).statusCode).toBe(403);
    expect((await post({})).statusCode).toBe(403);
    // The site's own origin: the request's host (inject's is localhost:80) or PUBLIC_URL's.
    expect((await post({ origin: "http://localhost:80" })).statusCode).toBe(200);
    expect((await post({ origin: "http://127.0.0.1:3000" })).statusCode).toBe(200);
    const ok = await t.app.inject({
      method: "POST",
      url: "/api/admin/probe",
      headers: consoleWriteHeaders(cookie),
    });
    expect(ok.statusCode).toBe(200);
  });

  it("records a change with its operator in the audit log", async () => {
    const editor = await createTestOperator(t.app, "editor");
    const headers = consoleWriteHeaders(await cookieFor(t.app, editor));
    await t.app.inject({ method: "POST", url: "/api/admin/probe", headers });
    const rows = await t.app.db.select().from(auditLog).where(eq(auditLog.operatorId, editor.id));
    expect(rows).toMatchObject([
      {
        actorKind: "operator",
        actorLabel: editor.email,
        entity: "probe",
        entityId: "7",
        action: "poke",
        before: null,
        after: { a: 1 },
      },
    ]);
    await recordChange(t.app.db, {
      actor: { kind: "cli" },
      entity: "catalogue",
      entityId: "import",
      action: "import",
    });
    const [cli] = await t.app.db.select().from(auditLog).where(eq(auditLog.actorKind, "cli"));
    expect(cli).toMatchObject({ operatorId: null, actorLabel: "cli", entity: "catalogue" });
  });

  it("ends a session 8 hours after sign-in however active, and refuses a disabled operator", async () => {
    const editor = await createTestOperator(t.app, "editor");
    const cookie = await cookieFor(t.app, editor);
    const probe = () => t.app.inject({ url: "/api/admin/probe", headers: { cookie } });
    expect((await probe()).statusCode).toBe(200);
    // Still within expires_at, but created 8 h 1 min ago: the absolute lifetime ends it.
    await t.app.db
      .update(sessions)
      .set({ createdAt: sql`now() - interval '8 hours 1 minute'` })
      .where(eq(sessions.operatorId, editor.id));
    expect((await probe()).statusCode).toBe(401);

    const other = await createTestOperator(t.app, "admin");
    const otherCookie = await cookieFor(t.app, other);
    await t.app.db.update(operators).set({ disabledAt: new Date() }).where(eq(operators.id, other.id));
    expect(
      (await t.app.inject({ url: "/api/admin/probe", headers: { cookie: otherCookie } })).statusCode,
    ).toBe(401);
  });

  it("sets an HttpOnly SameSite=Strict cookie at sign-in, with a new id (the old one dies)", async () => {
    const editor = await createTestOperator(t.app, "editor");
    const before = await cookieFor(t.app, editor);
    const signIn = await t.app.inject({
      method: "POST",
      url: "/api/admin/probe-sign-in",
      headers: consoleWriteHeaders(before),
      payload: { id: editor.id, email: editor.email },
    });
    const setCookie = String(signIn.headers["set-cookie"]);
    expect(setCookie).toMatch(/^waveform_console=/);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Strict/);
    expect(setCookie).toMatch(/Path=\//);
    expect(setCookie).toMatch(/Max-Age=28800/);
    const after = setCookie.split(";")[0] as string;
    expect(after).not.toBe(before);
    expect((await t.app.inject({ url: "/api/admin/probe", headers: { cookie: before } })).statusCode).toBe(
      401,
    );
    expect((await t.app.inject({ url: "/api/admin/probe", headers: { cookie: after } })).statusCode).toBe(
      200,
    );
  });

  it("sign-out everywhere deletes every session of the operator, and no one else's", async () => {
    const editor = await createTestOperator(t.app, "editor");
    const [a, b] = [await cookieFor(t.app, editor), await cookieFor(t.app, editor)];
    const bystander = await consoleCookie(t.app, "editor");
    expect(await t.app.operatorSessions.signOutEverywhere(editor.id)).toBe(2);
    for (const cookie of [a, b]) {
      expect((await t.app.inject({ url: "/api/admin/probe", headers: { cookie } })).statusCode).toBe(401);
    }
    expect((await t.app.inject({ url: "/api/admin/probe", headers: { cookie: bystander } })).statusCode).toBe(
      200,
    );
  });

  it("a console session id is worthless in the visitor cookie, and the other way round", async () => {
    const cookie = await consoleCookie(t.app, "admin");
    const signedId = cookie.slice(cookie.indexOf("=") + 1);
    const asVisitor = `${t.app.sessions.cookieName}=${signedId}`;
    expect((await t.app.inject({ url: "/api/admin/probe", headers: { cookie: asVisitor } })).statusCode).toBe(
      401,
    );
    const [row] = await t.app.db.select({ n: sql<number>`count(*)::int` }).from(sessions);
    expect(row?.n).toBeGreaterThan(0);
  });
});

describe(`a console guard anywhere but onRequest, on ${testEngine}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  // Run later, a guard would let the body be read and validated first: a stranger would get a 400
  // describing the endpoint instead of 401. So a misplaced one stops the route at registration.
  it.each(["preParsing", "preValidation", "preHandler", "onSend"] as const)(
    "refuses requireOperator given as %s when the route is registered",
    (hook) => {
      const url = `/api/admin/misplaced-${hook}`;
      const register = () =>
        t.app.route({
          method: "POST",
          url,
          [hook]: t.app.requireOperator("editor"),
          handler: async () => ({}),
        });
      expect(register).toThrow(
        `POST ${url}: requireOperator is given as ${hook}; console guards must be the route's onRequest hook`,
      );
    },
  );

  it("refuses requireSameOrigin in a hook list too, and accepts both as onRequest", () => {
    const handler = async () => ({});
    expect(() =>
      t.app.post(
        "/api/admin/misplaced-list",
        { preHandler: [async () => {}, t.app.requireSameOrigin()] },
        handler,
      ),
    ).toThrow("POST /api/admin/misplaced-list: requireSameOrigin is given as preHandler");
    expect(() =>
      t.app.post(
        "/api/admin/placed",
        { onRequest: [t.app.requireSameOrigin(), t.app.requireOperator("admin")] },
        handler,
      ),
    ).not.toThrow();
  });

  it("a console routes plugin with a misplaced guard keeps the app from starting", async () => {
    t.app.register(async (console) => {
      console.get(
        "/api/admin/misplaced-in-plugin",
        { preHandler: console.requireOperator("admin") },
        async () => ({}),
      );
    });
    await expect(t.app.ready()).rejects.toThrow(
      "GET /api/admin/misplaced-in-plugin: requireOperator is given as preHandler",
    );
  });
});
