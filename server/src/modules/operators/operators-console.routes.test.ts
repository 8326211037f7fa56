import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "../../db/schema";
import {
  consoleCookie,
  consoleWriteHeaders,
  cookieFor,
  createTestOperator,
} from "../../test/console-session";
import { createTestApp, type TestApp } from "../../test/test-app";
import { testEngine } from "../../test/test-database";

describe(`the operators API on ${testEngine}`, () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_URL: "https://club.example" } });
    await t.app.ready();
    admin = await consoleCookie(t.app, "admin", "chief@console.test");
  });
  afterAll(() => t.close());

  const post = (url: string, cookie: string, payload?: object) =>
    t.app.inject({
      method: "POST",
      url,
      headers: { ...consoleWriteHeaders(cookie), host: "club.example" },
      payload,
    });
  const get = (url: string, cookie?: string) =>
    t.app.inject({ url, headers: { host: "club.example", ...(cookie && { cookie }) } });

  it("lists operators for an admin; 401 signed out, 403 for an editor, on every endpoint", async () => {
    const list = await get("/api/admin/operators", admin);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toContainEqual(
      expect.objectContaining({
        email: "chief@console.test",
        role: "admin",
        disabled: false,
        hasPassword: true,
      }),
    );
    expect(JSON.stringify(list.json())).not.toMatch(/argon2|passwordHash|totpSecret/);
    const editor = await consoleCookie(t.app, "editor");
    expect((await get("/api/admin/operators")).statusCode).toBe(401);
    expect((await get("/api/admin/operators", editor)).statusCode).toBe(403);
    for (const url of [
      "/api/admin/operators",
      "/api/admin/operators/1/disable",
      "/api/admin/operators/1/reset",
    ]) {
      expect((await post(url, editor, { email: "x@console.test", role: "editor" })).statusCode).toBe(403);
      const crossSite = await t.app.inject({
        method: "POST",
        url,
        headers: { cookie: admin, "sec-fetch-site": "cross-site" },
      });
      expect(crossSite.statusCode).toBe(403);
      const signedOut = await t.app.inject({
        method: "POST",
        url,
        headers: { "sec-fetch-site": "same-origin" },
      });
      expect(signedOut.statusCode).toBe(401);
    }
  });

  it("adds an operator and shows the one-time link once; a second with the same email is a field error", async () => {
    const added = await post("/api/admin/operators", admin, {
      email: "New.Editor@console.test",
      role: "editor",
    });
    expect(added.statusCode).toBe(201);
    const body = added.json();
    expect(body.operator).toMatchObject({
      email: "new.editor@console.test",
      role: "editor",
      hasPassword: false,
    });
    expect(body.link).toMatch(/^https:\/\/club\.example\/admin\/set-password\?token=[\w-]{43}$/);
    expect(body.expiresInMinutes).toBe(60);
    const again = await post("/api/admin/operators", admin, {
      email: "new.editor@console.test",
      role: "admin",
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().issues).toEqual([
      { path: "email", message: "An operator with this email exists already." },
    ]);
    const bad = await post("/api/admin/operators", admin, { email: "nope", role: "owner" });
    expect(
      bad
        .json()
        .issues.map((issue: { path: string }) => issue.path)
        .sort(),
    ).toEqual(["email", "role"]);
    const [audit] = await t.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(body.operator.id)));
    expect(audit).toMatchObject({
      actorLabel: "chief@console.test",
      action: "create",
      after: { role: "editor" },
    });
  });

  it("disables an operator (their sessions end), gives new links, refuses disabling oneself", async () => {
    const leaving = await createTestOperator(t.app, "editor");
    const theirs = await cookieFor(t.app, leaving);
    const link = await post(`/api/admin/operators/${leaving.id}/reset`, admin);
    expect(link.json().link).toMatch(/set-password\?token=/);
    const disabled = await post(`/api/admin/operators/${leaving.id}/disable`, admin);
    expect(disabled.json()).toMatchObject({ id: leaving.id, disabled: true });
    expect((await get("/api/admin/me", theirs)).statusCode).toBe(401);
    expect((await post(`/api/admin/operators/${leaving.id}/reset`, admin)).statusCode).toBe(409);
    expect((await post("/api/admin/operators/999999/disable", admin)).statusCode).toBe(404);
    const me = (await get("/api/admin/me", admin)).json();
    expect((await post(`/api/admin/operators/${me.id}/disable`, admin)).statusCode).toBe(409);
  });
});
