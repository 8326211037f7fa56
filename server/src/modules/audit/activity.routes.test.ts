import { ACTIVITY_PAGE_SIZE, ActivityPageSchema } from "@waveform/contracts/console-activity";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "../../db/schema";
import { consoleCookie, cookieFor, createTestOperator } from "../../test/console-session";
import { createTestApp, type TestApp } from "../../test/test-app";
import { testEngine } from "../../test/test-database";
import { recordChange } from "./audit.repository";

describe(`the activity API on ${testEngine}`, () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.ready();
    cookie = await consoleCookie(t.app, "editor");
  });
  afterAll(() => t.close());

  const list = async (query = "") => {
    const answer = await t.app.inject({ url: `/api/admin/activity${query}`, headers: { cookie } });
    expect(answer.statusCode).toBe(200);
    return ActivityPageSchema.parse(answer.json());
  };

  it("answers an empty trail, then 401 without a session", async () => {
    expect(await list()).toEqual({
      entries: [],
      page: 1,
      pageCount: 1,
      total: 0,
      entities: [],
      operators: [],
    });
    expect((await t.app.inject({ url: "/api/admin/activity" })).statusCode).toBe(401);
  });

  it("lists newest first, paged, with before/after, and filters by entity, operator and day", async () => {
    const ada = await createTestOperator(t.app, "editor", "ada@console.test");
    const actor = { kind: "operator" as const, id: ada.id, email: ada.email };
    for (let i = 0; i < ACTIVITY_PAGE_SIZE + 2; i++) {
      await recordChange(t.app.db, {
        actor,
        entity: "playlist",
        entityId: i,
        action: "update",
        before: { n: i },
        after: { n: i + 1 },
      });
    }
    await recordChange(t.app.db, {
      actor: { kind: "cli" },
      entity: "catalogue",
      entityId: "import",
      action: "import",
    });
    await t.app.db
      .update(auditLog)
      .set({ at: sql`'2026-01-15T12:00:00Z'` })
      .where(sql`${auditLog.entity} = 'catalogue'`);

    const first = await list();
    expect(first).toMatchObject({
      total: ACTIVITY_PAGE_SIZE + 3,
      pageCount: 2,
      page: 1,
      entities: ["catalogue", "playlist"],
    });
    expect(first.operators).toEqual([{ id: ada.id, email: "ada@console.test" }]);
    expect(first.entries[0]).toMatchObject({
      entity: "playlist",
      entityId: String(ACTIVITY_PAGE_SIZE + 1),
      actor: "ada@console.test",
      before: { n: ACTIVITY_PAGE_SIZE + 1 },
    });
    expect((await list("?page=2")).entries.at(-1)).toMatchObject({
      entity: "catalogue",
      actor: "cli",
      before: null,
    });

    expect((await list("?entity=catalogue")).total).toBe(1);
    expect((await list("?operator=cli")).entries.map((e) => e.entity)).toEqual(["catalogue"]);
    expect((await list(`?operator=${ada.id}`)).total).toBe(ACTIVITY_PAGE_SIZE + 2);
    expect((await list("?from=2026-01-15&to=2026-01-15")).total).toBe(1);
    expect((await list("?to=2026-01-14")).total).toBe(0);
    expect((await list("?entity=nothing")).entries).toEqual([]);
  });

  it("refuses bad filters with field errors", async () => {
    const answer = await t.app.inject({
      url: "/api/admin/activity?from=yesterday&operator=bob&page=0",
      headers: { cookie },
    });
    expect(answer.statusCode).toBe(400);
    expect(
      answer
        .json()
        .issues.map((issue: { path: string }) => issue.path)
        .sort(),
    ).toEqual(["from", "operator", "page"]);
  });

  it("an admin sees it too", async () => {
    const admin = await cookieFor(t.app, await createTestOperator(t.app, "admin"));
    expect((await t.app.inject({ url: "/api/admin/activity", headers: { cookie: admin } })).statusCode).toBe(
      200,
    );
  });
});
