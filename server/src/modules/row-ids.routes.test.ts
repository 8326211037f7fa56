import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { getPlaylist } from "@waveform/contracts/playlists";
import type { HTTPMethods } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { loadConfig } from "../config";
import { consoleCookie, consoleWriteHeaders } from "../test/console-session";
import { anIssue } from "../test/newsletter-issues";
import { fixtureClientDist } from "../test/test-app";
import { createTestDatabase, type TestDatabase, testEngine } from "../test/test-database";

/**
 * Every table's id is an `integer` column (at most 2,147,483,647). An id above that in a path
 * reached the database, which refused it: a 500 and two error lines
 * (GET /api/podcasts/episodes/999999999999991/chapters). No row can have one, so it is a 404 with
 * the route's own "not found" message, and nothing is logged as an error.
 */
const OUT_OF_RANGE = ["2147483648", "999999999999991", "99999999999999999999"];
/** The largest id a row can have: unknown here, so the same 404 as the ids above it. */
const LARGEST = "2147483647";

interface Case {
  method: HTTPMethods;
  /** `:id` is replaced by the id tried; the other parameters are ones that exist or are well formed. */
  path: string;
  message: string;
  body?: Record<string, unknown>;
  /** Takes other text there too (a slug): what is not an id is not found rather than refused. */
  notOnlyIds?: true;
}

/** The routes that take a row's id in their path, by family, with the route's "not found" message. */
const FAMILIES: Record<string, Case[]> = {
  "podcast episodes": [
    {
      method: "GET",
      path: "/api/podcasts/episodes/:id/chapters",
      message: "This episode has no chapters stored",
    },
    {
      method: "GET",
      path: "/api/podcasts/shows/cue-sheet/episodes/:id",
      message: "Episode not found",
      notOnlyIds: true,
    },
  ],
  "console podcasts": [
    { method: "PATCH", path: "/api/admin/podcasts/:id", message: "There is no such podcast.", body: {} },
    { method: "POST", path: "/api/admin/podcasts/:id/refresh", message: "There is no such podcast." },
  ],
  "newsletter issues": [
    { method: "GET", path: "/api/admin/newsletter/issues/:id", message: "There is no such issue." },
    { method: "GET", path: "/api/admin/newsletter/issues/:id/progress", message: "There is no such issue." },
    { method: "DELETE", path: "/api/admin/newsletter/issues/:id", message: "There is no such issue." },
    {
      method: "POST",
      path: "/api/admin/newsletter/issues/:id/send",
      message: "There is no such issue.",
      // Send carries the version reviewed (a valid body), so only the id can be what is wrong.
      body: { version: 1 },
    },
    { method: "POST", path: "/api/admin/newsletter/issues/:id/pause", message: "There is no such issue." },
    { method: "POST", path: "/api/admin/newsletter/issues/:id/resume", message: "There is no such issue." },
    {
      method: "POST",
      path: "/api/admin/newsletter/issues/:id/test-send",
      message: "There is no such issue.",
      body: {},
    },
  ],
  subscribers: [
    { method: "DELETE", path: "/api/admin/subscribers/:id", message: "There is no such subscriber." },
  ],
  advertisements: [
    { method: "POST", path: "/api/admin/ads/:id/end", message: "There is no such advertisement." },
  ],
  operators: [
    { method: "POST", path: "/api/admin/operators/:id/disable", message: "There is no such operator." },
    { method: "POST", path: "/api/admin/operators/:id/reset", message: "There is no such operator." },
  ],
  playlists: [
    { method: "GET", path: "/api/playlists/:id", message: "Playlist not found" },
    { method: "GET", path: "/api/admin/playlists/:id", message: "Playlist not found" },
    { method: "DELETE", path: "/api/admin/playlists/:id", message: "Playlist not found" },
  ],
  releases: [
    { method: "GET", path: "/api/admin/releases/:id", message: "Release not found" },
    { method: "DELETE", path: "/api/admin/releases/:id", message: "Release not found" },
  ],
  genres: [
    { method: "GET", path: "/api/genres/:id/subgenres", message: "Genre not found", notOnlyIds: true },
    { method: "GET", path: "/api/admin/genres/:id", message: "Genre not found" },
    {
      method: "DELETE",
      path: "/api/admin/genres/1/subgenres/:id",
      message: "This genre has no such subgenre",
    },
    { method: "DELETE", path: "/api/admin/genres/1/artists/:id", message: "This genre has no such artist" },
  ],
};

describe(`ids beyond the id columns' range on ${testEngine}`, () => {
  let database: TestDatabase;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let cookie: string;
  let journalDir: string;
  const lines: Array<{ level: number; msg?: string }> = [];

  beforeAll(async () => {
    database = await createTestDatabase({ seed: true });
    journalDir = mkdtempSync(join(tmpdir(), "send-journal-"));
    const config = loadConfig({
      NODE_ENV: "test",
      LOG_LEVEL: "info",
      CLIENT_DIST: fixtureClientDist(),
      SESSION_SECRET: randomBytes(32).toString("base64url"),
      NEWSLETTER_SEND_JOURNAL: join(journalDir, "newsletter-send.journal"),
    });
    app = await buildApp(config, {
      database,
      logStream: { write: (line) => void lines.push(JSON.parse(line)) },
    });
    cookie = await consoleCookie(app, "admin");
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    rmSync(journalDir, { recursive: true, force: true });
  });

  const ask = (route: Case, id: string) =>
    app.inject({
      method: route.method,
      url: route.path.replace(":id", id),
      headers: consoleWriteHeaders(cookie),
      ...(route.body && { payload: route.body }),
    });

  for (const [family, routes] of Object.entries(FAMILIES)) {
    it(`answers 404 for them, with no error logged: ${family}`, async () => {
      for (const route of routes) {
        for (const id of [...OUT_OF_RANGE, LARGEST]) {
          const from = lines.length;
          const response = await ask(route, id);
          const what = `${route.method} ${route.path} with ${id}: ${response.body}`;
          expect(response.statusCode, what).toBe(404);
          expect(response.json(), what).toEqual({ error: route.message });
          expect(
            lines.slice(from).filter((line) => line.level >= 50),
            what,
          ).toEqual([]);
        }
      }
    });
  }

  it("answers 400 for what is not an id, as before", async () => {
    for (const route of Object.values(FAMILIES).flat()) {
      if (route.notOnlyIds) continue;
      for (const id of ["abc", "0", "-1", "1.5", "1e3", "0x10"]) {
        const response = await ask(route, id);
        expect(response.statusCode, `${route.method} ${route.path} with ${id}: ${response.body}`).toBe(400);
      }
    }
  });

  it("answers 400 for one in a body, as for any id that names nothing, with no error logged", async () => {
    const playlist = {
      title: "Range",
      description: "d",
      curator: "C",
      platform: "Spotify",
      platformAddress: "",
      imageUrl: null,
      featured: false,
      tracks: [],
    };
    const writes = [
      {
        url: "/api/admin/playlists",
        payload: { ...playlist, genreId: 2147483648 },
        message: "Choose a genre",
      },
      {
        url: "/api/admin/newsletter/issues",
        payload: anIssue("out-of-range", { sections: [{ type: "playlist", id: 999999999999991 }] }),
        message: "Pick an item from the catalogue",
      },
    ];
    for (const write of writes) {
      const from = lines.length;
      const response = await app.inject({
        method: "POST",
        url: write.url,
        headers: consoleWriteHeaders(cookie),
        payload: write.payload,
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.body).toContain(write.message);
      expect(lines.slice(from).filter((line) => line.level >= 50)).toEqual([]);
    }
  });

  it("gives a page's read the same 404", async () => {
    const response = await app.pageReads.read({
      method: "GET",
      path: getPlaylist.path,
      params: { id: "999999999999991" },
      query: {},
    });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: "Playlist not found" });
  });
});
