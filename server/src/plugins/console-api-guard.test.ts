import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { consoleCookie } from "../test/console-session";
import { createTestApp, type TestApp } from "../test/test-app";
import { testEngine } from "../test/test-database";

/** The console endpoints a stranger may call: signing in, and setting a password from a link. */
const OPEN = new Set(["POST /api/admin/sign-in", "POST /api/admin/set-password"]);

/**
 * Every `/api/admin/*` route the app registers, whoever wrote it: signed out it answers 401 (never
 * data, never a 400 that describes it), and a write posted by another site answers 403 even with a
 * valid session. A new console endpoint without `app.requireOperator` fails here.
 */
describe(`every console endpoint is guarded, on ${testEngine}`, () => {
  let t: TestApp;
  let routes: Array<{ method: string; url: string }>;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.ready();
    routes = [...t.app.operatorSessions.apiRoutes];
  });
  afterAll(() => t.close());

  const fill = (url: string) => url.replace(/:[A-Za-z0-9_]+/g, "1");
  const json = { "content-type": "application/json" };

  it("finds the console's endpoints (this module's, and the sections')", () => {
    const names = routes.map((route) => `${route.method} ${route.url}`);
    for (const name of [
      "POST /api/admin/sign-in",
      "GET /api/admin/me",
      "GET /api/admin/activity",
      "GET /api/admin/operators",
    ]) {
      expect(names).toContain(name);
    }
  });

  it("answers 401 to every endpoint but sign-in and set-password without a session", async () => {
    const refusedOrNot: string[] = [];
    for (const { method, url } of routes) {
      const name = `${method} ${url}`;
      if (OPEN.has(name)) continue;
      const answer = await t.app.inject({
        method: method as "GET",
        url: fill(url),
        headers: {
          "sec-fetch-site": "same-origin",
          ...(method === "GET" || method === "DELETE" ? {} : json),
        },
        payload: method === "GET" || method === "DELETE" ? undefined : "{}",
      });
      if (answer.statusCode !== 401) refusedOrNot.push(`${name}: ${answer.statusCode}`);
    }
    expect(refusedOrNot).toEqual([]);
  });

  it("answers 403 to every write posted by another site, with a valid admin session", async () => {
    const cookie = await consoleCookie(t.app, "admin");
    const accepted: string[] = [];
    for (const { method, url } of routes) {
      if (method === "GET") continue;
      for (const headers of [{ "sec-fetch-site": "cross-site" }, { origin: "https://evil.example" }, {}]) {
        const answer = await t.app.inject({
          method: method as "POST",
          url: fill(url),
          headers: { cookie, ...(method === "DELETE" ? {} : json), ...headers },
          payload: method === "DELETE" ? undefined : "{}",
        });
        if (answer.statusCode !== 403)
          accepted.push(`${method} ${url} ${JSON.stringify(headers)}: ${answer.statusCode}`);
      }
    }
    expect(accepted).toEqual([]);
  });
});
