import { ConsoleReleaseListSchema, ConsoleReleaseSchema } from "@waveform/contracts/console-releases";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "../../db/schema";
import { consoleCookie, consoleWriteHeaders } from "../../test/console-session";
import { createTestApp, type TestApp } from "../../test/test-app";
import { testEngine } from "../../test/test-database";

const release = {
  title: "Glass Harbour",
  artist: "Nadia Reyes",
  imageUrl: null,
  releaseDate: "2026-11-23",
  trackCount: 8,
  platform: "Apple Music",
  externalUrl: "https://music.apple.com/us/album/glass-harbour/1",
  isNew: true,
};

describe(`console releases API on ${testEngine}`, () => {
  let t: TestApp;
  let editor: string;
  beforeAll(async () => {
    t = await createTestApp({ seed: true });
    editor = await consoleCookie(t.app, "editor");
  });
  afterAll(() => t.close());

  const write = (
    method: "POST" | "PUT" | "DELETE",
    url: string,
    payload?: unknown,
    headers = consoleWriteHeaders(editor),
  ) =>
    t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  const read = (url: string) => t.app.inject({ url, headers: { cookie: editor } });
  const publicAlbums = async () =>
    (await t.app.inject({ url: "/api/music/new-releases" })).json().albums as { id: number; title: string }[];
  const searchBody = async (q: string) =>
    (await t.app.inject({ url: `/api/search?q=${encodeURIComponent(q)}` })).body;

  it("refuses without a session (401, before the body is read) and cross-site writes (403)", async () => {
    expect((await t.app.inject({ url: "/api/admin/releases" })).statusCode).toBe(401);
    expect((await t.app.inject({ url: "/api/admin/releases/1" })).statusCode).toBe(401);
    const signedOut = { "sec-fetch-site": "same-origin" };
    expect((await write("POST", "/api/admin/releases", { title: "" }, signedOut)).statusCode).toBe(401);
    const crossSite = { cookie: editor, "sec-fetch-site": "cross-site" };
    for (const [method, url] of [
      ["POST", "/api/admin/releases"],
      ["PUT", "/api/admin/releases/1"],
      ["DELETE", "/api/admin/releases/1"],
    ] as const) {
      expect((await write(method, url, release, crossSite)).statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await write("POST", "/api/admin/releases", release, { cookie: editor })).statusCode).toBe(403);
  });

  it("lists newest first with search and paging; bad paging is a 400", async () => {
    const page = ConsoleReleaseListSchema.parse((await read("/api/admin/releases?limit=3&page=2")).json());
    expect(page).toMatchObject({ page: 2, limit: 3 });
    expect(page.rows).toHaveLength(3);
    expect(page.total).toBeGreaterThan(6);
    const first = ConsoleReleaseListSchema.parse((await read("/api/admin/releases?limit=50")).json()).rows;
    const dates = first.map((row) => row.releaseDate);
    expect(dates).toEqual([...dates].sort().reverse());
    expect((await read("/api/admin/releases?q=luna%20vale")).json().rows[0]).toMatchObject({
      title: "Tidal Memory",
    });
    expect((await read("/api/admin/releases?q=zzz-none")).json()).toEqual({
      rows: [],
      total: 0,
      page: 1,
      limit: 20,
    });
    expect((await read("/api/admin/releases?limit=500")).statusCode).toBe(400);
    expect((await read("/api/admin/releases?page=0")).statusCode).toBe(400);
  });

  it("creates, edits and deletes; the public list, search and audit follow at once", async () => {
    expect((await publicAlbums()).map((a) => a.title)).not.toContain("Glass Harbour"); // now cached
    const created = await write("POST", "/api/admin/releases", release);
    expect(created.statusCode).toBe(201);
    const made = ConsoleReleaseSchema.parse(created.json());
    expect(made).toMatchObject({ slug: "nadia-reyes-glass-harbour", isNew: true, imageUrl: null });
    expect((await publicAlbums())[0]).toMatchObject({ id: made.id, title: "Glass Harbour", isNew: true });
    expect(await searchBody("glass harbour")).toContain("Glass Harbour");

    const edited = await write("PUT", `/api/admin/releases/${made.id}`, {
      ...release,
      title: "Glass Harbour (Deluxe)",
      trackCount: 12,
      isNew: false,
      imageUrl: "/images/glass.png",
    });
    expect(edited.json()).toMatchObject({ slug: made.slug, trackCount: 12, imageUrl: "/images/glass.png" });
    expect((await publicAlbums()).find((a) => a.id === made.id)).toMatchObject({
      title: "Glass Harbour (Deluxe)",
      isNew: false,
    });
    expect(await searchBody("deluxe")).toContain("Glass Harbour (Deluxe)");

    expect((await write("DELETE", `/api/admin/releases/${made.id}`)).statusCode).toBe(204);
    expect((await publicAlbums()).map((a) => a.id)).not.toContain(made.id);
    expect(await searchBody("glass harbour")).not.toContain("Glass Harbour");
    expect((await read(`/api/admin/releases/${made.id}`)).statusCode).toBe(404);

    const trail = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "release"), eq(auditLog.entityId, String(made.id))));
    expect(trail.map((entry) => entry.action)).toEqual(["create", "update", "delete"]);
    expect(trail[1]?.before).toMatchObject({ title: "Glass Harbour", trackCount: 8 });
    expect(trail[1]?.after).toMatchObject({ title: "Glass Harbour (Deluxe)", trackCount: 12 });
    expect(trail[0]?.actorLabel).toMatch(/^editor-.*@console\.test$/);
  });

  it("keeps two releases of one name apart, and the sitemap's /new-releases date follows", async () => {
    const sitemap = async () =>
      (await t.app.inject({ url: "/sitemap.xml" })).body +
      (await t.app.inject({ url: "/sitemaps/1.xml" })).body;
    expect(await sitemap()).not.toMatch(/new-releases<\/loc>\s*<lastmod>2026-11-24/); // built and kept
    const a = (await write("POST", "/api/admin/releases", { ...release, releaseDate: "2026-11-24" })).json();
    const b = (await write("POST", "/api/admin/releases", release)).json();
    expect(a.slug).toBe("nadia-reyes-glass-harbour");
    expect(b.slug).toMatch(/^nadia-reyes-glass-harbour-[0-9a-f]{6}$/);
    expect(await sitemap()).toMatch(/new-releases<\/loc>\s*<lastmod>2026-11-24/);
  });

  it("answers bad input with a message on each field, and 404 for a missing release", async () => {
    const bad = await write("POST", "/api/admin/releases", {
      ...release,
      title: "  ",
      releaseDate: "2026-02-30",
      trackCount: 0,
      externalUrl: "javascript:alert(1)",
      imageUrl: "//evil.example/x.png",
    });
    expect(bad.statusCode).toBe(400);
    const issues = bad.json().issues as { path: string; message: string }[];
    expect(Object.fromEntries(issues.map((i) => [i.path, i.message]))).toMatchObject({
      title: "Title is required",
      releaseDate: expect.stringContaining("YYYY-MM-DD"),
      trackCount: expect.stringContaining("from 1 to 500"),
      externalUrl: expect.stringContaining("https://"),
      imageUrl: expect.stringContaining("https://"),
    });
    expect((await write("PUT", "/api/admin/releases/999999", release)).statusCode).toBe(404);
    expect((await write("DELETE", "/api/admin/releases/999999")).statusCode).toBe(404);
    expect((await read("/api/admin/releases/abc")).statusCode).toBe(400);
  });

  it("on an empty database lists nothing and the first release is public at once", async () => {
    const empty = await createTestApp();
    try {
      const cookie = await consoleCookie(empty.app, "admin");
      expect(
        (await empty.app.inject({ url: "/api/admin/releases", headers: { cookie } })).json(),
      ).toMatchObject({
        rows: [],
        total: 0,
      });
      expect((await empty.app.inject({ url: "/api/music/new-releases" })).json()).toEqual({ albums: [] });
      const created = await empty.app.inject({
        method: "POST",
        url: "/api/admin/releases",
        headers: consoleWriteHeaders(cookie),
        payload: release,
      });
      expect(created.statusCode).toBe(201);
      expect((await empty.app.inject({ url: "/api/music/new-releases" })).json().albums).toHaveLength(1);
    } finally {
      await empty.close();
    }
  });
});
