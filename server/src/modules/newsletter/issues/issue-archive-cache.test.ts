import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { openDatabase } from "../../../db/client";
import { consoleCookie, consoleWriteHeaders } from "../../../test/console-session";
import { anIssue, holdSendingJob } from "../../../test/newsletter-issues";
import { createTestApp, type TestApp } from "../../../test/test-app";
import { createTestDatabase, type TestDatabase, testEngine } from "../../../test/test-database";
import { markdownKit } from "./markdown";

/**
 * A stand-in for the client's server entry: it renders an archive page from the read the real one
 * makes (`/api/newsletter/issues/:slug`), 404 when that read is.
 */
const FAKE_RENDERER = `
export const pageRenderer = {
  async renderPage({ url, readApi }) {
    const slug = /^\\/newsletter\\/issues\\/([^/?]+)/.exec(url)?.[1];
    if (!slug) return { status: 404, head: "<title>Not found</title>", body: "<p>none</p>", state: "{}", undeclared: [] };
    const answer = await readApi({ method: "GET", path: "/api/newsletter/issues/:slug", params: { slug }, query: {} });
    if (!answer.ok) return { status: answer.status, head: "<title>Not found</title>", body: "<h1>No such issue</h1>", state: "{}", undeclared: [] };
    const issue = await answer.json();
    return { status: 200, head: "<title>" + issue.title + "</title>", body: "<h1>" + issue.title + "</h1>", state: "{}", undeclared: [] };
  },
};
`;

function clientWithRenderer(): { dist: string; remove: () => void } {
  const root = mkdtempSync(join(tmpdir(), "waveform-archive-ssr-"));
  const dist = join(root, "dist");
  mkdirSync(dist);
  mkdirSync(join(root, "ssr"));
  writeFileSync(
    join(dist, "index.html"),
    '<!doctype html><html><head><title>Shell</title><script id="site-config" type="application/json"></script></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(join(root, "ssr", "entry-server.js"), FAKE_RENDERER);
  return { dist, remove: () => rmSync(root, { recursive: true, force: true }) };
}

/** Creates a draft as an editor and sends it at once as an admin; answers the send's status. */
async function createAndSend(t: TestApp, admin: string, slug: string, extra: Record<string, unknown> = {}) {
  const headers = consoleWriteHeaders(admin);
  const created = await t.app.inject({
    method: "POST",
    url: "/api/admin/newsletter/issues",
    headers,
    payload: anIssue(slug, extra),
  });
  expect(created.statusCode, created.body).toBe(201);
  const issue = created.json() as { id: number; version: number };
  const sent = await t.app.inject({
    method: "POST",
    url: `/api/admin/newsletter/issues/${issue.id}/send`,
    headers,
    payload: { version: issue.version },
  });
  expect(sent.statusCode, sent.body).toBe(200);
}

describe(`the newsletter archive's cached answers (${testEngine})`, () => {
  let t: TestApp;
  let admin: string;
  let client: { dist: string; remove: () => void };
  beforeAll(async () => {
    client = clientWithRenderer();
    t = await createTestApp({ env: { CLIENT_DIST: client.dist } });
    await t.app.ready();
    await holdSendingJob(t);
    admin = await consoleCookie(t.app, "admin");
  });
  afterAll(async () => {
    await t?.close();
    client?.remove();
  });

  // Issue 43, item 9.
  it("renders the feed's Markdown once for repeated requests, and again when an issue is sent", async () => {
    const long = Array.from(
      { length: 200 },
      (_, n) => `Paragraph ${n} with **bold** and [a link](https://e.com/${n}).`,
    );
    await createAndSend(t, admin, "feed-one", { sections: [{ type: "text", markdown: long.join("\n\n") }] });
    const toHtml = vi.spyOn(await markdownKit(), "toHtml");
    try {
      const first = await t.app.inject({ url: "/newsletter/feed.xml" });
      expect(first.statusCode).toBe(200);
      expect(first.body).toContain("Paragraph 199");
      const rendered = toHtml.mock.calls.length;
      expect(rendered).toBeGreaterThan(0);
      for (let i = 0; i < 5; i++) {
        expect((await t.app.inject({ url: "/newsletter/feed.xml" })).body).toBe(first.body);
      }
      expect(toHtml.mock.calls.length).toBe(rendered);

      await createAndSend(t, admin, "feed-two");
      const after = await t.app.inject({ url: "/newsletter/feed.xml" });
      expect(after.body).toContain("/newsletter/issues/feed-two</link>");
      expect(after.body).toContain("/newsletter/issues/feed-one</link>");
      expect(toHtml.mock.calls.length).toBeGreaterThan(rendered);
    } finally {
      toHtml.mockRestore();
    }
  });

  // Issue 43, item 17.
  it("answers an issue's page as soon as it is sent, though it was asked for (404) just before", async () => {
    const before = await t.app.inject({ url: "/newsletter/issues/asked-early" });
    expect(before.statusCode).toBe(404);
    expect((await t.app.inject({ url: "/api/newsletter/issues/asked-early" })).statusCode).toBe(404);
    const listed = await t.app.inject({ url: "/api/newsletter/issues" });
    expect(listed.json().issues.map((issue: { slug: string }) => issue.slug)).not.toContain("asked-early");

    await createAndSend(t, admin, "asked-early");
    const page = await t.app.inject({ url: "/newsletter/issues/asked-early" });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("<h1>Issue asked-early</h1>");
    const list = await t.app.inject({ url: "/api/newsletter/issues" });
    expect(list.json().issues.map((issue: { slug: string }) => issue.slug)).toContain("asked-early");
  });
});

describe.skipIf(testEngine !== "postgres")("the newsletter archive across servers (PostgreSQL)", () => {
  let database: TestDatabase;
  let a: TestApp;
  let b: TestApp;
  let admin: string;
  let client: { dist: string; remove: () => void };
  beforeAll(async () => {
    client = clientWithRenderer();
    database = await createTestDatabase();
    const second = await openDatabase(database.config);
    a = await createTestApp({ database, env: { CLIENT_DIST: client.dist } });
    b = await createTestApp({ database: second, env: { CLIENT_DIST: client.dist } });
    await Promise.all([a.app.ready(), b.app.ready()]);
    await holdSendingJob(a);
    admin = await consoleCookie(a.app, "admin");
  });
  afterAll(async () => {
    await a?.app.close();
    await b?.close();
    await database?.close();
    client?.remove();
  });

  it("drops another server's cached 404 page and feed within a second of a send", async () => {
    expect((await b.app.inject({ url: "/newsletter/issues/elsewhere" })).statusCode).toBe(404);
    expect((await b.app.inject({ url: "/newsletter/feed.xml" })).body).not.toContain("elsewhere");
    await createAndSend(a, admin, "elsewhere");
    const started = Date.now();
    while ((await b.app.inject({ url: "/newsletter/issues/elsewhere" })).statusCode !== 200) {
      expect(Date.now() - started).toBeLessThan(1000);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect((await b.app.inject({ url: "/newsletter/feed.xml" })).body).toContain("elsewhere");
  });
});
