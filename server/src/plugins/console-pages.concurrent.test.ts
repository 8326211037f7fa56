import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildClientForTests } from "../test/client-build";
import { cookieFor, createTestOperator, type TestOperator } from "../test/console-session";
import { createTestApp, type TestApp } from "../test/test-app";
import { testEngine } from "../test/test-database";

/**
 * The real client's server entry renders pages for many requests at once. Each render must read
 * with its own request's session: a console page rendered for one operator while another's is in
 * flight shows that operator, never the other (an operator once saw another's console).
 */
/** The console header's line naming the operator signed in (console-layout). */
const signedInAs = (email: string) => `title="${email}">${email}</span>`;

describe.skipIf(testEngine === "postgres")("console pages rendered side by side (real client build)", () => {
  let t: TestApp;
  let client: ReturnType<typeof buildClientForTests>;
  beforeAll(async () => {
    client = buildClientForTests();
    t = await createTestApp({ env: { CLIENT_DIST: client.dist, LOG_LEVEL: "error" } });
    await t.app.ready();
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    client?.remove();
  });

  it("renders each operator's own console when their pages are rendered at the same moment", async () => {
    const operators: TestOperator[] = [
      await createTestOperator(t.app, "editor"),
      await createTestOperator(t.app, "admin"),
      await createTestOperator(t.app, "editor"),
    ];
    const cookies = await Promise.all(operators.map((operator) => cookieFor(t.app, operator)));
    const requests = Array.from({ length: 12 }, (_, index) => index % operators.length);
    const pages = await Promise.all(
      requests.map((who) =>
        t.app.inject({ url: who === 1 ? "/admin" : "/admin/account", headers: { cookie: cookies[who] } }),
      ),
    );
    pages.forEach((page, index) => {
      const who = requests[index] as number;
      expect(page.statusCode).toBe(200);
      // The header names who is signed in; neither page lists other operators.
      expect(page.body).toContain(signedInAs((operators[who] as TestOperator).email));
      for (const other of operators.filter((_, n) => n !== who)) expect(page.body).not.toContain(other.email);
    });
  });

  it("renders a signed-out page as signed out while operators' pages render beside it", async () => {
    const admin = await createTestOperator(t.app, "admin");
    const cookie = await cookieFor(t.app, admin);
    const pages = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        index % 2 === 0
          ? t.app.inject({ url: "/admin/sign-in" })
          : t.app.inject({ url: "/admin/activity", headers: { cookie } }),
      ),
    );
    pages.forEach((page, index) => {
      expect(page.statusCode).toBe(200);
      if (index % 2 === 0) expect(page.body).not.toContain(admin.email);
      else expect(page.body).toContain(signedInAs(admin.email));
    });
  });
});
