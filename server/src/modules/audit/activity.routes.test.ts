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

describe(`what each role reads in the activity on ${testEngine}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.ready();
  });
  afterAll(() => t.close());

  const read = async (cookie: string, query = "") => {
    const answer = await t.app.inject({ url: `/api/admin/activity${query}`, headers: { cookie } });
    expect(answer.statusCode).toBe(200);
    return ActivityPageSchema.parse(answer.json());
  };

  it("shows an editor the content entries and their own account's; an admin everything", async () => {
    const admin = await createTestOperator(t.app, "admin", "boss@console.test");
    const editor = await createTestOperator(t.app, "editor", "ed@console.test");
    const other = await createTestOperator(t.app, "editor", "other@console.test");
    const byAdmin = { kind: "operator" as const, id: admin.id, email: admin.email };
    const byEditor = { kind: "operator" as const, id: editor.id, email: editor.email };
    const write = (entry: Omit<Parameters<typeof recordChange>[1], "actor">, actor = byAdmin) =>
      recordChange(t.app.db, { actor, ...entry });
    // Content, by either role or the CLI.
    await write({ entity: "playlist", entityId: 1, action: "update" }, byEditor);
    await write({ entity: "release", entityId: 2, action: "create" });
    await write({ entity: "genre", entityId: 3, action: "add-artist" });
    await write({ entity: "podcast", entityId: 4, action: "create" });
    await recordChange(t.app.db, {
      actor: { kind: "cli" },
      entity: "catalogue",
      entityId: "import",
      action: "import",
    });
    // The editor's own account.
    await write({ entity: "operator", entityId: editor.id, action: "set-password" }, byEditor);
    // Administrators' business: other operators (an email and a role), advertisements, subscribers.
    await write({
      entity: "operator",
      entityId: other.id,
      action: "create",
      after: { email: other.email, role: "editor" },
    });
    await write({ entity: "advertisement", entityId: 5, action: "create" });
    await write({ entity: "subscribers", entityId: "all", action: "export", after: { rows: 3 } });
    await write({ entity: "subscriber", entityId: 6, action: "erase" });

    const asEditor = await cookieFor(t.app, editor);
    const seen = await read(asEditor);
    expect(seen.entries.map((entry) => `${entry.entity} ${entry.action}`).sort()).toEqual([
      "catalogue import",
      "genre add-artist",
      "operator set-password",
      "playlist update",
      "podcast create",
      "release create",
    ]);
    expect(seen.total).toBe(6);
    expect(seen.entities).toEqual(["catalogue", "genre", "operator", "playlist", "podcast", "release"]);
    // The "Who" filter offers the operators of those entries only.
    expect(seen.operators).toEqual([
      { id: admin.id, email: admin.email },
      { id: editor.id, email: editor.email },
    ]);
    expect(JSON.stringify(seen)).not.toContain(other.email);
    // Asking for admin entries by name finds nothing.
    expect((await read(asEditor, "?entity=subscribers")).total).toBe(0);
    expect((await read(asEditor, "?entity=advertisement")).entries).toEqual([]);
    expect((await read(asEditor, "?entity=operator")).entries.map((e) => e.entityId)).toEqual([
      String(editor.id),
    ]);

    const all = await read(await cookieFor(t.app, admin));
    expect(all.total).toBe(10);
    expect(all.entities).toEqual([
      "advertisement",
      "catalogue",
      "genre",
      "operator",
      "playlist",
      "podcast",
      "release",
      "subscriber",
      "subscribers",
    ]);
    expect(JSON.stringify(all)).toContain(other.email);
  });
});
