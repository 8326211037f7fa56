import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newsletterSubscriptions, outbox } from "../../db/schema";
import { consoleCookie, consoleWriteHeaders } from "../../test/console-session";
import { fromSite } from "../../test/same-origin";
import { createTestApp, type TestApp } from "../../test/test-app";
import { testEngine } from "../../test/test-database";

describe(`console subscribers API on ${testEngine}`, () => {
  let t: TestApp;
  let admin: string;
  let editor: string;
  beforeAll(async () => {
    t = await createTestApp({ env: { NEWSLETTER_RATE_LIMIT_PER_MINUTE: "100" } });
    admin = await consoleCookie(t.app, "admin");
    editor = await consoleCookie(t.app, "editor");
  });
  afterAll(() => t.close());

  const subscribe = (email: string) =>
    t.app.inject({
      method: "POST",
      url: "/api/newsletter/subscribe",
      headers: fromSite(),
      payload: { email, agreeToTerms: true, sourcePage: "/" },
    });
  const list = (query = "") =>
    t.app.inject({ url: `/api/admin/subscribers${query}`, headers: { cookie: admin } });

  it("is for admins only: 401 signed out, 403 for an editor, 403 cross-site", async () => {
    expect((await t.app.inject({ url: "/api/admin/subscribers" })).statusCode).toBe(401);
    const asEditor = await t.app.inject({
      url: "/api/admin/subscribers/export.csv",
      headers: { cookie: editor },
    });
    expect(asEditor.statusCode).toBe(403);
    const crossSite = await t.app.inject({
      method: "DELETE",
      url: "/api/admin/subscribers/1",
      headers: { cookie: admin, origin: "https://evil.example" },
    });
    expect(crossSite.statusCode).toBe(403);
  });

  it("answers zero counts and no rows when nobody has subscribed", async () => {
    const response = await list();
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("no-store");
    expect(response.json()).toMatchObject({
      counts: { pending: 0, confirmed: 0, unsubscribed: 0, total: 0 },
      subscribers: [],
      matching: 0,
      page: 1,
    });
    const csv = await t.app.inject({
      url: "/api/admin/subscribers/export.csv?status=all",
      headers: { cookie: admin },
    });
    expect(csv.body).toBe("email,status,consent_at,consent_text_version,source_page,confirmed_at\n");
  });

  it("counts by status and searches by address, paged, any case", async () => {
    for (let i = 0; i < 30; i++) expect((await subscribe(`reader${i}@list.test`)).statusCode).toBe(200);
    await subscribe("Other.Person@Elsewhere.test");
    await t.database.db
      .update(newsletterSubscriptions)
      .set({ status: "confirmed" })
      .where(sql`${newsletterSubscriptions.email} like 'reader1%'`);
    const all = (await list()).json();
    expect(all.counts).toEqual({ pending: 20, confirmed: 11, unsubscribed: 0, total: 31 });
    expect(all.subscribers).toHaveLength(25);
    expect((await list("?page=2")).json().subscribers).toHaveLength(6);
    const found = (await list("?q=ELSEWHERE")).json();
    expect(found.matching).toBe(1);
    expect(found.subscribers[0]).toMatchObject({ email: "other.person@elsewhere.test", status: "pending" });
    expect((await list("?q=%25")).json().matching).toBe(0);
    expect((await list("?page=0")).statusCode).toBe(400);
  });

  it("exports CSV as a download with the header row, confirmed ones by default", async () => {
    const response = await t.app.inject({
      url: "/api/admin/subscribers/export.csv",
      headers: { cookie: admin },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^text\/csv/);
    expect(response.headers["content-disposition"]).toMatch(/^attachment; filename="subscribers-confirmed-/);
    const lines = response.body.trim().split("\n");
    expect(lines[0]).toBe("email,status,consent_at,consent_text_version,source_page,confirmed_at");
    expect(lines).toHaveLength(12);
    expect(lines[1]).toMatch(/^reader1@list\.test,confirmed,/);
    const bad = await t.app.inject({
      url: "/api/admin/subscribers/export.csv?status=x",
      headers: { cookie: admin },
    });
    expect(bad.statusCode).toBe(400);
  });

  it("erases a subscriber on request: no trace of the address in any table, the audit entry included", async () => {
    const address = "other.person@elsewhere.test";
    const { subscribers } = (await list("?q=other.person")).json();
    const id = subscribers[0].id;
    expect((await t.database.db.select().from(outbox)).length).toBeGreaterThan(0);
    const response = await t.app.inject({
      method: "DELETE",
      url: `/api/admin/subscribers/${id}`,
      headers: consoleWriteHeaders(admin),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ erased: true });
    // Every row of every table, as text: the address is nowhere (case-blind).
    const tables = await t.database.db.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    );
    const names = ((tables as { rows?: Array<{ table_name: string }> }).rows ?? (tables as never)).map(
      (row: { table_name: string }) => row.table_name,
    );
    expect(names).toEqual(expect.arrayContaining(["audit_log", "outbox", "newsletter_subscriptions"]));
    for (const name of names) {
      const hits = await t.database.db.execute(
        sql`select count(*)::int as n from ${sql.identifier(name)} as r where strpos(lower(r::text), ${address}) > 0`,
      );
      const n = ((hits as { rows?: Array<{ n: number }> }).rows ?? (hits as never))[0]?.n;
      expect(n, name).toBe(0);
    }
    const audit = await t.database.db.execute(
      sql`select action, entity_id from audit_log where entity = 'subscriber'`,
    );
    expect(((audit as { rows?: unknown[] }).rows ?? audit) as unknown[]).toEqual([
      { action: "erase", entity_id: String(id) },
    ]);
    expect((await list()).json().counts.total).toBe(30);
    const again = await t.app.inject({
      method: "DELETE",
      url: `/api/admin/subscribers/${id}`,
      headers: consoleWriteHeaders(admin),
    });
    expect(again.statusCode).toBe(404);
  });
});
