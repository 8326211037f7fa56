import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newsletterSubscriptions, outbox } from "../db/schema";
import { createTestApp, type TestApp } from "../test/test-app";

const SUBSCRIBE = "/api/newsletter/subscribe";
const NO_ORIGIN_MESSAGE =
  "Changes are only accepted from this site's own pages, or as a JSON body (Content-Type: application/json): the request carried neither an Origin nor a Sec-Fetch-Site header.";
const CROSS_SITE = { error: "Cross-site requests are not allowed" };

/** Every POST route of the app, from Fastify's route tree (children indented under their prefix). */
function postRoutes(tree: string): string[] {
  const paths: string[] = [];
  const stack: string[] = [];
  for (const line of tree.split("\n")) {
    const match = /^((?:│ {3}| {4})*)[├└]── (.+) \(POST\)$/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? "").length / 4;
    const path = (stack[depth - 1] ?? "") + match[2];
    stack.splice(depth, stack.length, path);
    paths.push(path);
  }
  return paths;
}

/**
 * The public POSTs (everything but the console, /api/admin, which refuses every origin-less write
 * itself, and the mail providers' webhooks, whose signature or credentials are the authority),
 * each with a JSON body it takes.
 */
const PUBLIC_POSTS: ReadonlyArray<{ url: string; route: string; json: unknown }> = [
  { url: SUBSCRIBE, route: SUBSCRIBE, json: { email: "api-client@example.com", agreeToTerms: true } },
  { url: "/api/newsletter/confirm", route: "/api/newsletter/confirm", json: { token: "x" } },
  { url: "/api/newsletter/unsubscribe", route: "/api/newsletter/unsubscribe", json: { token: "x" } },
  { url: "/api/insights/events", route: "/api/insights/events", json: [{ kind: "search-empty", term: "x" }] },
  { url: "/api/insights/ad-click/1", route: "/api/insights/ad-click/:adId", json: {} },
  { url: "/api/spotify/disconnect", route: "/api/spotify/disconnect", json: {} },
  { url: "/api/spotify/playlists", route: "/api/spotify/playlists", json: { name: "Mine" } },
];

/**
 * Public writes must come from a browser on this site: browsers send `Origin` on every POST (a form
 * posted without JavaScript too) and `Sec-Fetch-Site`; a POST with neither is refused.
 */
describe("public state-changing requests", () => {
  let t: TestApp;
  let sequence = 0;
  beforeAll(async () => {
    t = await createTestApp({ env: { NEWSLETTER_RATE_LIMIT_PER_MINUTE: "1000" } });
  });
  afterAll(() => t.close());

  const subscribe = (headers: Readonly<Record<string, string>>) =>
    t.app.inject({
      method: "POST",
      url: SUBSCRIBE,
      headers,
      payload: { email: `origin-${++sequence}@example.com`, agreeToTerms: true },
    });

  it("lists every public POST below (a new one gets the three cases too)", () => {
    const routes = postRoutes(t.app.printRoutes({ commonPrefix: false, method: "POST" }));
    const publicRoutes = routes.filter(
      (route) => !route.startsWith("/api/admin/") && !route.startsWith("/api/newsletter/webhooks/"),
    );
    expect(publicRoutes.sort()).toEqual(PUBLIC_POSTS.map((post) => post.route).sort());
  });

  it("takes a JSON body with neither Origin nor Sec-Fetch-Site on every public POST (an API client)", async () => {
    for (const post of PUBLIC_POSTS) {
      const answer = await t.app.inject({
        method: "POST",
        url: post.url,
        payload: JSON.stringify(post.json),
        headers: { "content-type": "application/json; charset=utf-8" },
      });
      expect(answer.statusCode, `${post.url}: ${answer.body}`).not.toBe(403);
      expect(answer.statusCode, `${post.url}: ${answer.body}`).toBeLessThan(500);
    }
    const subscribed = await subscribe({});
    expect(subscribed.statusCode, subscribed.body).toBe(200);
    const rows = await t.database.db.select().from(newsletterSubscriptions);
    expect(rows.map((row) => row.email)).toContain(`origin-${sequence}@example.com`);
  });

  it("refuses a cross-site JSON POST on every public POST", async () => {
    for (const post of PUBLIC_POSTS) {
      for (const headers of <Record<string, string>[]>[
        { origin: "https://evil.example" },
        { "sec-fetch-site": "cross-site" },
      ]) {
        const answer = await t.app.inject({
          method: "POST",
          url: post.url,
          payload: JSON.stringify(post.json),
          headers: { ...headers, "content-type": "application/json" },
        });
        expect(answer.statusCode, `${post.url} ${JSON.stringify(headers)}`).toBe(403);
        expect(answer.json()).toEqual(CROSS_SITE);
      }
    }
  });

  it("refuses a form or text body that carries neither Origin nor Sec-Fetch-Site on every public POST, with a sentence that says why", async () => {
    const before = await t.database.db.select().from(newsletterSubscriptions);
    for (const post of PUBLIC_POSTS) {
      for (const [type, payload] of [
        ["application/x-www-form-urlencoded", "email=form%40example.com&agreeToTerms=on&token=x"],
        ["text/plain", JSON.stringify(post.json)],
        ["text/plain;charset=UTF-8", JSON.stringify(post.json)],
        // Only the media type counts: JSON named in a parameter or a look-alike type is not JSON.
        ["text/plain; application/json", JSON.stringify(post.json)],
        ["application/jsonx", JSON.stringify(post.json)],
      ]) {
        const answer = await t.app.inject({
          method: "POST",
          url: post.url,
          payload,
          headers: { "content-type": type as string },
        });
        expect(answer.statusCode, `${post.url} ${type}`).toBe(403);
        expect(answer.json()).toEqual({ error: NO_ORIGIN_MESSAGE });
      }
      const bodiless = await t.app.inject({ method: "POST", url: post.url });
      expect(bodiless.statusCode, `${post.url} without a body`).toBe(403);
    }
    expect(await t.database.db.select().from(newsletterSubscriptions)).toEqual(before);
  });

  it("accepts the site's own origin (PUBLIC_URL's or the request's host) and Sec-Fetch-Site: same-origin", async () => {
    for (const headers of <Record<string, string>[]>[
      { origin: "http://127.0.0.1:3000" },
      { origin: "http://localhost:80" },
      { "sec-fetch-site": "same-origin" },
      { origin: "http://127.0.0.1:3000", "sec-fetch-site": "same-origin" },
    ]) {
      const answer = await subscribe(headers);
      expect(answer.statusCode, JSON.stringify(headers)).toBe(200);
    }
  });

  it("refuses a cross-site POST as before", async () => {
    for (const headers of <Record<string, string>[]>[
      { origin: "https://evil.example" },
      { origin: "null" },
      { "sec-fetch-site": "cross-site" },
      { "sec-fetch-site": "same-site" },
      { origin: "http://127.0.0.1:3000", "sec-fetch-site": "cross-site" },
    ]) {
      const answer = await subscribe(headers);
      expect(answer.statusCode, JSON.stringify(headers)).toBe(403);
      expect(answer.json()).toEqual({ error: "Cross-site requests are not allowed" });
    }
  });

  it("still takes an RFC 8058 one-click unsubscribe, which a mail provider posts with no Origin", async () => {
    await subscribe({ origin: "http://127.0.0.1:3000" });
    const email = `origin-${sequence}@example.com`;
    const mail = (await t.database.db.select().from(outbox)).find((row) => row.payload.to === email);
    const address = new URL(String(mail?.payload.listUnsubscribeUrl));
    const oneClick = await t.app.inject({
      method: "POST",
      url: address.pathname + address.search,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(oneClick.statusCode).toBe(200);
    expect(oneClick.json()).toEqual({ outcome: "unsubscribed" });
    // Only that shape: the same form without the token in the address needs an origin.
    const bare = await t.app.inject({
      method: "POST",
      url: address.pathname,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(bare.statusCode).toBe(403);
  });
});
