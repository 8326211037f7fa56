import { ConsolePlaylistListSchema, ConsolePlaylistSchema } from "@waveform/contracts/console-playlists";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "../../db/schema";
import { consoleCookie, consoleWriteHeaders } from "../../test/console-session";
import { createTestApp, type TestApp } from "../../test/test-app";
import { testEngine } from "../../test/test-database";

const fields = {
  title: "Tram Lines",
  description: "Songs for the slow way home",
  genreId: 1,
  curator: "Mira",
  platform: "YouTube Music",
  platformAddress: "",
  imageUrl: null,
  featured: false,
};
const newPlaylist = {
  ...fields,
  tracks: [1, 2, 3].map((n) => ({ title: `T${n}`, artist: "A", durationSeconds: 200, spotifyUri: null })),
};

describe(`console playlists API on ${testEngine}`, () => {
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
    t.app.inject({
      method,
      url,
      headers,
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  const read = (url: string) => t.app.inject({ url, headers: { cookie: editor } });
  const publicIds = async () =>
    ((await t.app.inject({ url: "/api/playlists" })).json().playlists as { id: number }[]).map((p) => p.id);

  it("refuses without a session (401) and cross-site writes (403)", async () => {
    expect((await t.app.inject({ url: "/api/admin/playlists" })).statusCode).toBe(401);
    expect((await t.app.inject({ url: "/api/admin/playlists/1" })).statusCode).toBe(401);
    expect((await write("POST", "/api/admin/playlists", newPlaylist, {})).statusCode).toBe(403);
    const crossSite = { cookie: editor, "sec-fetch-site": "cross-site" };
    for (const [method, url] of [
      ["POST", "/api/admin/playlists"],
      ["PUT", "/api/admin/playlists/1"],
      ["DELETE", "/api/admin/playlists/1"],
      ["POST", "/api/admin/playlists/1/publish"],
      ["PUT", "/api/admin/playlists/1/tracks/order"],
    ] as const) {
      expect((await write(method, url, {}, crossSite)).statusCode, `${method} ${url}`).toBe(403);
    }
    const noCookie = await t.app.inject({
      method: "POST",
      url: "/api/admin/playlists/1/publish",
      headers: { "sec-fetch-site": "same-origin" },
      payload: { published: false },
    });
    expect(noCookie.statusCode).toBe(401);
  });

  it("lists with search and paging; bad paging is a 400", async () => {
    const page = ConsolePlaylistListSchema.parse((await read("/api/admin/playlists?limit=5&page=2")).json());
    expect(page).toMatchObject({ page: 2, limit: 5 });
    expect(page.rows).toHaveLength(5);
    expect(page.total).toBeGreaterThan(30);
    const none = (await read("/api/admin/playlists?q=zzzz-no-such")).json();
    expect(none).toEqual({ rows: [], total: 0, page: 1, limit: 20 });
    expect((await read("/api/admin/playlists?limit=500")).statusCode).toBe(400);
    expect((await read("/api/admin/playlists?page=0")).statusCode).toBe(400);
  });

  it("creates a draft the public cannot see until it is published, then at once", async () => {
    await t.app.inject({ url: "/api/playlists" }); // the public list is cached before the change
    const created = await write("POST", "/api/admin/playlists", newPlaylist);
    expect(created.statusCode).toBe(201);
    const draft = ConsolePlaylistSchema.parse(created.json());
    expect(draft).toMatchObject({ published: false, title: "Tram Lines" });
    expect(await publicIds()).not.toContain(draft.id);
    expect((await t.app.inject({ url: `/api/playlists/${draft.id}` })).statusCode).toBe(404);
    // The page renderer's read of /playlist/:id (the same handler): 404, so the page is a 404 too.
    const pageRead = () =>
      t.app.pageReads.read({
        method: "GET",
        path: "/api/playlists/:id",
        params: { id: String(draft.id) },
        query: {},
      });
    expect((await pageRead()).status).toBe(404);
    expect((await t.app.inject({ url: "/api/search?q=tram%20lines" })).body).not.toContain("Tram Lines");

    const published = await write("POST", `/api/admin/playlists/${draft.id}/publish`, { published: true });
    expect(published.json()).toMatchObject({ published: true });
    expect(await publicIds()).toContain(draft.id);
    expect((await t.app.inject({ url: `/api/playlists/${draft.id}` })).json().tracks).toHaveLength(3);
    expect((await pageRead()).status).toBe(200);
    expect(
      (await t.app.inject({ url: "/sitemaps/1.xml" })).body +
        (await t.app.inject({ url: "/sitemap.xml" })).body,
    ).toContain(`/playlist/${draft.id}`);

    await write("POST", `/api/admin/playlists/${draft.id}/publish`, { published: false });
    expect(await publicIds()).not.toContain(draft.id);
    const actions = await t.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(draft.id)));
    expect(actions.map((a) => a.action)).toEqual(["create", "publish", "unpublish"]);
    expect(actions[0]?.actorLabel).toMatch(/^editor-.*@console\.test$/);
  });

  it("answers bad input with field issues, and 404 for a missing playlist", async () => {
    const bad = await write("POST", "/api/admin/playlists", { ...newPlaylist, title: "  ", genreId: 0 });
    expect(bad.statusCode).toBe(400);
    const paths = (bad.json().issues as { path: string }[]).map((i) => i.path);
    expect(paths).toEqual(expect.arrayContaining(["title", "genreId"]));
    const address = await write("POST", "/api/admin/playlists", {
      ...newPlaylist,
      platformAddress: "https://example.com/list",
    });
    expect(address.statusCode).toBe(400);
    expect(address.json().issues).toEqual([
      { path: "platformAddress", message: expect.stringContaining("Spotify") },
    ]);
    expect((await read("/api/admin/playlists/999999")).statusCode).toBe(404);
    expect((await write("PUT", "/api/admin/playlists/999999", fields)).statusCode).toBe(404);
    expect((await write("DELETE", "/api/admin/playlists/999999")).statusCode).toBe(404);
    expect((await read("/api/admin/playlists/abc")).statusCode).toBe(400);
  });

  it("updates, adds, removes and reorders tracks, and deletes", async () => {
    const { id } = (await write("POST", "/api/admin/playlists", newPlaylist)).json();
    const updated = await write("PUT", `/api/admin/playlists/${id}`, {
      ...fields,
      featured: true,
      platformAddress: "https://music.apple.com/us/playlist/x/pl.u-8aAVZAaCzoyJ1M",
    });
    expect(updated.json()).toMatchObject({
      featured: true,
      platform: "Apple Music",
      platformId: "pl.u-8aAVZAaCzoyJ1M",
    });
    const added = await write("POST", `/api/admin/playlists/${id}/tracks`, {
      title: "T4",
      artist: "B",
      durationSeconds: 61,
      spotifyUri: null,
    });
    expect(added.json().tracks.map((x: { title: string }) => x.title)).toEqual(["T1", "T2", "T3", "T4"]);
    expect(
      (
        await write("POST", `/api/admin/playlists/${id}/tracks`, {
          title: "",
          artist: "B",
          durationSeconds: 0,
          spotifyUri: "x",
        })
      ).statusCode,
    ).toBe(400);
    const removed = await write("DELETE", `/api/admin/playlists/${id}/tracks/1`);
    expect(
      removed.json().tracks.map((x: { position: number; title: string }) => `${x.position}${x.title}`),
    ).toEqual(["1T2", "2T3", "3T4"]);
    const reordered = await write("PUT", `/api/admin/playlists/${id}/tracks/order`, { order: [2, 1, 3] });
    expect(reordered.json().tracks.map((x: { title: string }) => x.title)).toEqual(["T3", "T2", "T4"]);
    const stale = await write("PUT", `/api/admin/playlists/${id}/tracks/order`, { order: [1, 2] });
    expect(stale.statusCode).toBe(400);
    expect(stale.json().issues[0].path).toBe("order");
    expect((await write("DELETE", `/api/admin/playlists/${id}`)).statusCode).toBe(204);
    expect((await read(`/api/admin/playlists/${id}`)).statusCode).toBe(404);
  });

  it("recognises pasted addresses and refuses others with a field message", async () => {
    const spotify = await read(
      `/api/admin/playlists/recognise?url=${encodeURIComponent("https://open.spotify.com/playlist/37i9dQZF1DXcBWIGoYBM5M?si=1")}`,
    );
    expect(spotify.json()).toEqual({
      platform: "Spotify",
      platformId: "37i9dQZF1DXcBWIGoYBM5M",
      externalUrl: "https://open.spotify.com/playlist/37i9dQZF1DXcBWIGoYBM5M",
    });
    const other = await read("/api/admin/playlists/recognise?url=https%3A%2F%2Fexample.com%2Fplaylist");
    expect(other.statusCode).toBe(400);
    expect(other.json().issues[0].path).toBe("url");
    expect((await read("/api/admin/playlists/recognise")).statusCode).toBe(400);
  });

  it("answers 503 with a clear message for an import when Spotify is not configured", async () => {
    const answer = await write("POST", "/api/admin/playlists/import-spotify", {
      url: "https://open.spotify.com/playlist/37i9dQZF1DXcBWIGoYBM5M",
    });
    expect(answer.statusCode).toBe(503);
    expect(answer.json().error).toMatch(/SPOTIFY_CLIENT_ID/);
  });

  it("on an empty database lists nothing, and a genre that does not exist is a field error", async () => {
    const empty = await createTestApp();
    try {
      const cookie = await consoleCookie(empty.app, "admin");
      expect(
        (await empty.app.inject({ url: "/api/admin/playlists", headers: { cookie } })).json(),
      ).toMatchObject({ rows: [], total: 0 });
      const created = await empty.app.inject({
        method: "POST",
        url: "/api/admin/playlists",
        headers: consoleWriteHeaders(cookie),
        payload: newPlaylist,
      });
      expect(created.statusCode).toBe(400);
      expect(created.json().issues).toEqual([{ path: "genreId", message: "Choose a genre from the list" }]);
    } finally {
      await empty.close();
    }
  });
});
