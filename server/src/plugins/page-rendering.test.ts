import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { UNAVAILABLE_BANNER } from "../lib/page-html";
import { createTestApp, type TestApp } from "../test/test-app";
import { testEngine } from "../test/test-database";

/**
 * A stand-in for the client's server entry (client/ssr/entry-server.js): it renders /playlist/:id
 * from a read made through the server's `readApi`, like the real one, and counts its renders.
 */
const FAKE_RENDERER = `
globalThis.fakeRenders = 0;
export const pageRenderer = {
  async renderPage({ url, site, readApi }) {
    globalThis.fakeRenders++;
    if (url === "/about") throw new Error("render failed");
    const id = /^\\/playlist\\/([^/?]+)/.exec(url)?.[1];
    if (!id) return { status: url === "/" ? 200 : 404, head: "<title>Other</title>", body: "<p>other</p>", state: "{}", undeclared: [] };
    const answer = await readApi({ method: "GET", path: "/api/playlists/:id", params: { id }, query: {} });
    const body = await answer.json();
    if (!answer.ok) return { status: 404, head: "<title>Not found</title>", body: "<h1>" + answer.status + "</h1>", state: "{}", undeclared: [] };
    return {
      status: 200,
      head: "<title>" + body.title + " · " + site.name + '</title><meta name="description" content="' + body.description + '"/>',
      body: "<h1>" + body.title + "</h1>",
      state: JSON.stringify({ tracks: body.tracks.length }),
      undeclared: [],
      screens: ["playlist-detail"],
    };
  },
};
`;

function clientWithRenderer(): string {
  const root = mkdtempSync(join(tmpdir(), "waveform-ssr-"));
  const dist = join(root, "dist");
  mkdirSync(dist);
  mkdirSync(join(root, "ssr"));
  writeFileSync(
    join(dist, "index.html"),
    '<!doctype html><html><head><meta name="description" content="shell"/><title>Shell</title>' +
      '<script id="site-config" type="application/json"></script></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(join(root, "ssr", "entry-server.js"), FAKE_RENDERER);
  writeFileSync(
    join(dist, "page-code.json"),
    JSON.stringify({
      entry: ["/assets/runtime.js", "/assets/app.js"],
      screens: {
        "playlist-detail": ["/assets/playlist-detail.js", "/assets/shared.js", "/assets/app.js"],
        genres: ["/assets/genres.js"],
      },
    }),
  );
  return dist;
}

const renders = () => (globalThis as { fakeRenders?: number }).fakeRenders ?? 0;

describe(`pages rendered on the server (${testEngine})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: true, env: { CLIENT_DIST: clientWithRenderer() } });
  });
  afterAll(() => t.close());

  it("puts the page's head tags, markup and data into the template", async () => {
    const response = await t.app.inject({ url: "/playlist/1" });
    expect(response.statusCode).toBe(200);
    const html = response.body;
    const head = html.slice(0, html.indexOf("</head>"));
    expect(head).toContain("<title>Late Night Circuits · Waveform Music Club</title>");
    expect(head).not.toContain("<title>Shell</title>");
    expect(head).not.toContain('content="shell"');
    expect(html).toContain('<div id="root"><h1>Late Night Circuits</h1></div>');
    expect(html).toContain('<script id="page-state" type="application/json">{"tracks":14}</script>');
    expect(response.headers.vary).toContain("x-render-mode");
  });

  it("names the page's code in its head, its entry's files and its screens', each once, and keeps the build's list to itself", async () => {
    const response = await t.app.inject({ url: "/playlist/1" });
    const head = response.body.slice(0, response.body.indexOf("</head>"));
    expect(head).toContain(
      '<script id="page-code" type="application/json">' +
        '["/assets/runtime.js","/assets/app.js","/assets/playlist-detail.js","/assets/shared.js"]</script>',
    );
    // A page that names no screen: the entry's files only.
    const other = await t.app.inject({ url: "/" });
    expect(other.body).toContain(
      '<script id="page-code" type="application/json">["/assets/runtime.js","/assets/app.js"]</script>',
    );
    // The shell the browser renders itself names none: its code loads as its imports ask.
    const shell = await t.app.inject({ url: "/playlist/1", headers: { "x-render-mode": "client" } });
    expect(shell.body).not.toContain('id="page-code"');
    expect((await t.app.inject({ url: "/page-code.json" })).statusCode).toBe(404);
  });

  it("answers 404 when the page says its item does not exist, also for an id the API refuses", async () => {
    const missing = await t.app.inject({ url: "/playlist/999999" });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain("<h1>404</h1>");
    const refused = await t.app.inject({ url: "/playlist/abc" });
    expect(refused.statusCode).toBe(404);
    expect(refused.body).toContain("<h1>400</h1>");
  });

  it("renders a URL once and serves it from memory afterwards", async () => {
    await t.app.inject({ url: "/playlist/2" });
    const before = renders();
    const again = await t.app.inject({ url: "/playlist/2" });
    expect(again.statusCode).toBe(200);
    expect(renders()).toBe(before);
    t.app.catalogueCache.clear();
    await t.app.inject({ url: "/playlist/2" });
    expect(renders()).toBe(before + 1);
  });

  it("sends a kept page as the copy the browser takes, each with its own tag, and 304 while it holds", async () => {
    const plain = await t.app.inject({ url: "/playlist/3" });
    const br = await t.app.inject({
      url: "/playlist/3",
      headers: { "accept-encoding": "gzip, deflate, br, zstd" },
    });
    const gzip = await t.app.inject({ url: "/playlist/3", headers: { "accept-encoding": "gzip" } });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(br.headers["content-encoding"]).toBe("br");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    for (const answer of [plain, br, gzip]) {
      expect(answer.statusCode).toBe(200);
      expect(String(answer.headers.vary)).toBe("x-render-mode, accept-encoding");
      expect(answer.headers["content-type"]).toBe("text/html; charset=utf-8");
    }
    const tags = [plain, br, gzip].map((answer) => String(answer.headers.etag));
    expect(new Set(tags).size).toBe(3);
    expect(tags[1]).toMatch(/\.br"$/);

    const again = await t.app.inject({
      url: "/playlist/3",
      headers: { "accept-encoding": "br", "if-none-match": tags[1] },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
    // Another coding's tag names other bytes: the page is sent.
    const other = await t.app.inject({
      url: "/playlist/3",
      headers: { "accept-encoding": "br", "if-none-match": tags[2] },
    });
    expect(other.statusCode).toBe(200);
    // The tag is the document's: rendered again with the same content, the browser's copy holds.
    const before = renders();
    t.app.catalogueCache.clear();
    const rendered = await t.app.inject({
      url: "/playlist/3",
      headers: { "accept-encoding": "br", "if-none-match": tags[1] },
    });
    expect(renders()).toBe(before + 1);
    expect(rendered.statusCode).toBe(304);
  });

  it("sends the bare shell when asked with X-Render-Mode: client", async () => {
    const response = await t.app.inject({ url: "/playlist/1", headers: { "x-render-mode": "client" } });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div id="root"></div>');
    expect(response.body).toContain("<title>Shell</title>");
  });

  it("falls back to the shell, with the route's status, when a page cannot be rendered", async () => {
    const response = await t.app.inject({ url: "/about" });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div id="root"></div>');
  });

  it("reads in-process exactly what the API route answers", async () => {
    const read = await t.app.pageReads.read({ method: "GET", path: "/api/genres", params: {}, query: {} });
    const api = await t.app.inject({ url: "/api/genres" });
    expect(read.status).toBe(200);
    expect(await read.text()).toBe(api.body);
    const filtered = await t.app.pageReads.read({
      method: "GET",
      path: "/api/podcasts",
      params: {},
      query: { minRating: "4.5" },
    });
    expect(await filtered.json()).toEqual(
      (await t.app.inject({ url: "/api/podcasts?minRating=4.5" })).json(),
    );
  });

  it("answers cached catalogue reads in full when compressed, on a miss and on a hit", async () => {
    for (const attempt of ["miss", "hit"]) {
      const response = await t.app.inject({ url: "/api/playlists", headers: { "accept-encoding": "br" } });
      expect(response.statusCode, attempt).toBe(200);
      expect(response.headers["content-encoding"], attempt).toBe("br");
      expect(response.rawPayload.length, attempt).toBeGreaterThan(100);
    }
  });

  it("refuses bad input with 400 and answers 501 for reads that are not made on the server", async () => {
    const bad = await t.app.pageReads.read({
      method: "GET",
      path: "/api/podcasts",
      params: {},
      query: { minRating: "nine" },
    });
    expect(bad.status).toBe(400);
    const visitors = await t.app.pageReads.read({
      method: "GET",
      path: "/api/spotify/check-auth",
      params: {},
      query: {},
    });
    expect(visitors.status).toBe(501);
    const unknownGenre = await t.app.pageReads.read({
      method: "GET",
      path: "/api/genres/:id/subgenres",
      params: { id: "no-such-genre" },
      query: {},
    });
    expect(unknownGenre.status).toBe(404);
  });
});

describe.skipIf(testEngine === "postgres")(`pages while the database is down (${testEngine})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: true, env: { CLIENT_DIST: clientWithRenderer() } });
  });
  afterAll(() => t.app.close());

  it("answers 503 with Retry-After and the page's error state, logs the outage once, and keeps nothing", async () => {
    expect((await t.app.inject({ url: "/playlist/1" })).statusCode).toBe(200); // the renderer loaded
    const errors = vi.spyOn(t.app.log, "error");
    await t.database.close();
    for (let attempt = 0; attempt < 2; attempt++) {
      const before = renders();
      const response = await t.app.inject({ url: "/playlist/3" });
      expect(response.statusCode).toBe(503);
      expect(response.headers["retry-after"]).toBe("5");
      expect(response.body).toContain("<h1>503</h1>");
      expect(response.body).toContain(`${UNAVAILABLE_BANNER}<div id="root">`);
      expect(renders()).toBe(before + 1); // rendered again: a page made during an outage is not kept
    }
    expect(errors).toHaveBeenCalledTimes(1);
  });
});
