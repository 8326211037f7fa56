import { ConsoleGenreSchema } from "@waveform/contracts/console-genres";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "../../db/schema";
import { consoleCookie, consoleWriteHeaders } from "../../test/console-session";
import { createTestApp, type TestApp } from "../../test/test-app";
import { testEngine } from "../../test/test-database";

const jazzFields = {
  name: "Jazz",
  description: "Late sets and long solos.",
  colorIndex: 3,
  imageUrl: null,
  sortOrder: 4,
};

describe(`console genres API on ${testEngine}`, () => {
  let t: TestApp;
  let editor: string;
  let jazz: number;
  beforeAll(async () => {
    t = await createTestApp({ seed: true });
    editor = await consoleCookie(t.app, "editor");
    const { genres } = (await t.app.inject({ url: "/api/genres" })).json();
    jazz = (genres as { id: number; slug: string }[]).find((genre) => genre.slug === "jazz")?.id ?? 0;
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
  const publicJson = async (url: string) => (await t.app.inject({ url })).json();

  it("refuses without a session (401, before the body is read) and cross-site writes (403)", async () => {
    expect((await t.app.inject({ url: "/api/admin/genres" })).statusCode).toBe(401);
    expect((await t.app.inject({ url: `/api/admin/genres/${jazz}` })).statusCode).toBe(401);
    const signedOut = { "sec-fetch-site": "same-origin" };
    expect((await write("PUT", `/api/admin/genres/${jazz}`, {}, signedOut)).statusCode).toBe(401);
    const crossSite = { cookie: editor, "sec-fetch-site": "cross-site" };
    for (const [method, url] of [
      ["PUT", `/api/admin/genres/${jazz}`],
      ["POST", `/api/admin/genres/${jazz}/subgenres`],
      ["PUT", `/api/admin/genres/${jazz}/subgenres/1`],
      ["DELETE", `/api/admin/genres/${jazz}/subgenres/1`],
      ["POST", `/api/admin/genres/${jazz}/artists`],
      ["PUT", `/api/admin/genres/${jazz}/artists/1`],
      ["DELETE", `/api/admin/genres/${jazz}/artists/1`],
    ] as const) {
      expect((await write(method, url, {}, crossSite)).statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it("lists every genre in the site's order with its counts, and reads one", async () => {
    const { genres } = (await read("/api/admin/genres")).json();
    expect(genres).toHaveLength(10);
    expect(genres[0]).toMatchObject({ slug: "electronic", colorIndex: 0, subgenreCount: 6 });
    expect(genres.find((g: { slug: string }) => g.slug === "jazz").playlistCount).toBeGreaterThan(0);
    const one = ConsoleGenreSchema.parse((await read(`/api/admin/genres/${jazz}`)).json());
    expect(one).toMatchObject({ slug: "jazz", name: "Jazz", imageUrl: null });
    expect(one.subgenres.length).toBeGreaterThan(2);
    expect(one.artists.length).toBeGreaterThan(0);
    expect((await read("/api/admin/genres/999999")).statusCode).toBe(404);
    expect((await read("/api/admin/genres/jazz")).statusCode).toBe(400);
  });

  it("renames and recolours a genre; the public reads, search and sitemap follow at once, the slug stays", async () => {
    await publicJson("/api/genres"); // cached before the change
    const saved = await write("PUT", `/api/admin/genres/${jazz}`, {
      ...jazzFields,
      name: "Jazz & Soul",
      description: "Blue notes, late sets.",
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ slug: "jazz", name: "Jazz & Soul", colorIndex: 3 });
    const listed = (await publicJson("/api/genres")).genres.find((g: { slug: string }) => g.slug === "jazz");
    expect(listed).toMatchObject({ name: "Jazz & Soul", description: "Blue notes, late sets.", colorUI: 3 });
    // The slug and the new name both find it; the playlists keep their genre.
    expect((await t.app.inject({ url: "/api/genres/jazz/subgenres" })).statusCode).toBe(200);
    expect(
      (await publicJson(`/api/playlists/genre/${encodeURIComponent("jazz & soul")}`)).length,
    ).toBeGreaterThan(0);
    expect((await t.app.inject({ url: "/api/search?q=blue%20notes" })).body).toContain(
      "Jazz &amp; Soul".replace("&amp;", "&"),
    );
    const sitemap =
      (await t.app.inject({ url: "/sitemap.xml" })).body +
      (await t.app.inject({ url: "/sitemaps/1.xml" })).body;
    expect(sitemap).toContain("/genre/Jazz%20%26%20Soul");

    const [entry] = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "genre"), eq(auditLog.action, "update")));
    expect(entry?.before).toMatchObject({ name: "Jazz", slug: "jazz" });
    expect(entry?.after).toMatchObject({ name: "Jazz & Soul", slug: "jazz" });
    await write("PUT", `/api/admin/genres/${jazz}`, jazzFields);
  });

  it("refuses a name another genre has (name or slug, any case), and bad fields, beside each field", async () => {
    const taken = await write("PUT", `/api/admin/genres/${jazz}`, { ...jazzFields, name: "ROCK" });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().issues).toEqual([
      { path: "name", message: 'Another genre is already called "Rock"' },
    ]);
    const slug = await write("PUT", `/api/admin/genres/${jazz}`, { ...jazzFields, name: "hip-hop" });
    expect(slug.json().issues[0].path).toBe("name");
    const bad = await write("PUT", `/api/admin/genres/${jazz}`, {
      name: "",
      description: "x".repeat(501),
      colorIndex: 6,
      imageUrl: "javascript:alert(1)",
      sortOrder: 1.5,
    });
    expect(bad.statusCode).toBe(400);
    expect((bad.json().issues as { path: string }[]).map((i) => i.path).sort()).toEqual([
      "colorIndex",
      "description",
      "imageUrl",
      "name",
      "sortOrder",
    ]);
    expect((await write("PUT", "/api/admin/genres/999999", jazzFields)).statusCode).toBe(404);
  });

  it("adds, renames and removes a subgenre; the public subgenres follow at once", async () => {
    const subs = async () =>
      (await publicJson("/api/genres/jazz/subgenres")).subgenres as {
        id: number;
        name: string;
        popularity: number;
      }[];
    await subs();
    const added = await write("POST", `/api/admin/genres/${jazz}/subgenres`, {
      name: "Spiritual Jazz",
      popularity: 4,
    });
    expect(added.statusCode).toBe(200);
    const sub = (await subs()).at(-1);
    expect(sub).toMatchObject({ name: "Spiritual Jazz", popularity: 4 });
    const dup = await write("POST", `/api/admin/genres/${jazz}/subgenres`, {
      name: "spiritual jazz",
      popularity: 4,
    });
    expect(dup.json().issues).toEqual([
      { path: "name", message: 'Jazz already has a subgenre called "spiritual jazz"' },
    ]);
    const renamed = await write("PUT", `/api/admin/genres/${jazz}/subgenres/${sub?.id}`, {
      name: "Cosmic Jazz",
      popularity: 7,
    });
    expect(renamed.json().subgenres.at(-1)).toEqual({ id: sub?.id, name: "Cosmic Jazz", popularity: 7 });
    expect((await subs()).at(-1)).toMatchObject({ name: "Cosmic Jazz", popularity: 7 });
    expect((await t.app.inject({ url: "/api/search?q=cosmic%20jazz" })).body).toContain("Cosmic Jazz");
    expect(
      (await write("POST", `/api/admin/genres/${jazz}/subgenres`, { name: "", popularity: 11 })).json()
        .issues,
    ).toHaveLength(2);
    // Another genre's subgenre is not this genre's to change.
    const rockSub = (await publicJson("/api/genres/rock/subgenres")).subgenres[0].id;
    expect((await write("DELETE", `/api/admin/genres/${jazz}/subgenres/${rockSub}`)).statusCode).toBe(404);
    expect((await write("DELETE", `/api/admin/genres/${jazz}/subgenres/${sub?.id}`)).statusCode).toBe(200);
    expect((await subs()).map((s) => s.name)).not.toContain("Cosmic Jazz");
    const actions = await t.app.db
      .select({ action: auditLog.action, before: auditLog.before, after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.entity, "genre"), eq(auditLog.entityId, String(jazz))));
    expect(actions.map((a) => a.action)).toEqual(
      expect.arrayContaining(["add-subgenre", "rename-subgenre", "remove-subgenre"]),
    );
    expect(actions.find((a) => a.action === "rename-subgenre")).toMatchObject({
      before: { subgenre: "Spiritual Jazz", popularity: 4 },
      after: { subgenre: "Cosmic Jazz", popularity: 7 },
    });
  });

  it("adds, edits and removes an artist; the public artists and search follow at once", async () => {
    const artists = async () =>
      (await publicJson("/api/genres/jazz/artists")).artists as {
        id: number;
        name: string;
        imageUrl: string;
        platform: string;
      }[];
    await artists();
    const added = await write("POST", `/api/admin/genres/${jazz}/artists`, {
      name: "Ama Quartet",
      platform: "Spotify",
      imageUrl: null,
    });
    const made = added.json().artists.at(-1);
    expect(made).toMatchObject({ slug: "ama-quartet", name: "Ama Quartet", imageUrl: null });
    expect((await artists()).at(-1)).toMatchObject({
      name: "Ama Quartet",
      imageUrl: "/art/artist/ama-quartet.svg",
    });
    const edited = await write("PUT", `/api/admin/genres/${jazz}/artists/${made.id}`, {
      name: "Ama Quintet",
      platform: "YouTube Music",
      imageUrl: "/images/ama.png",
    });
    expect(edited.json().artists.at(-1)).toMatchObject({ slug: "ama-quartet", name: "Ama Quintet" });
    expect((await artists()).at(-1)).toMatchObject({
      name: "Ama Quintet",
      platform: "YouTube Music",
      imageUrl: "/images/ama.png",
    });
    expect((await t.app.inject({ url: "/api/search?q=ama%20quintet" })).body).toContain("Ama Quintet");
    const bad = await write("POST", `/api/admin/genres/${jazz}/artists`, {
      name: " ",
      platform: "Tidal",
      imageUrl: null,
    });
    expect((bad.json().issues as { path: string }[]).map((i) => i.path).sort()).toEqual(["name", "platform"]);
    expect((await write("DELETE", `/api/admin/genres/${jazz}/artists/${made.id}`)).statusCode).toBe(200);
    expect((await artists()).map((a) => a.name)).not.toContain("Ama Quintet");
    expect((await write("DELETE", `/api/admin/genres/${jazz}/artists/${made.id}`)).statusCode).toBe(404);
  });

  it("on an empty database lists no genres", async () => {
    const empty = await createTestApp();
    try {
      const cookie = await consoleCookie(empty.app, "admin");
      expect((await empty.app.inject({ url: "/api/admin/genres", headers: { cookie } })).json()).toEqual({
        genres: [],
      });
      const missing = await empty.app.inject({
        method: "POST",
        url: "/api/admin/genres/1/subgenres",
        headers: consoleWriteHeaders(cookie),
        payload: { name: "Anything", popularity: 1 },
      });
      expect(missing.statusCode).toBe(404);
    } finally {
      await empty.close();
    }
  });
});
