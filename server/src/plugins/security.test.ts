import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newsletterSubscriptions, outbox } from "../db/schema";
import { createTestApp, type TestApp } from "../test/test-app";

const SUBSCRIBE = "/api/newsletter/subscribe";
const NO_ORIGIN_MESSAGE =
  "Changes are only accepted from this site's own pages: the request carried neither an Origin nor a Sec-Fetch-Site header.";

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

  it("refuses a POST that carries neither Origin nor Sec-Fetch-Site, with a sentence that says why", async () => {
    const before = await t.database.db.select().from(newsletterSubscriptions);
    for (const request of [
      () => subscribe({}),
      () => t.app.inject({ method: "POST", url: "/api/spotify/disconnect", payload: {} }),
      () => t.app.inject({ method: "POST", url: "/api/newsletter/confirm", payload: { token: "x" } }),
    ]) {
      const answer = await request();
      expect(answer.statusCode).toBe(403);
      expect(answer.json()).toEqual({ error: NO_ORIGIN_MESSAGE });
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
    // Only that shape: the same address posted as JSON, or without the token, needs an origin.
    const json = await t.app.inject({
      method: "POST",
      url: address.pathname + address.search,
      payload: { token: "x" },
    });
    expect(json.statusCode).toBe(403);
    const bare = await t.app.inject({
      method: "POST",
      url: address.pathname,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(bare.statusCode).toBe(403);
  });
});
