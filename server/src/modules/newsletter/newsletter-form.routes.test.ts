import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newsletterSubscriptions } from "../../db/schema";
import { createTestApp, type TestApp } from "../../test/test-app";
import { testEngine } from "../../test/test-database";

/** The signup form as a browser posts it without JavaScript (same-origin, urlencoded). */
const postForm = (t: TestApp, fields: Record<string, string>) =>
  t.app.inject({
    method: "POST",
    url: "/api/newsletter/subscribe",
    payload: new URLSearchParams(fields).toString(),
    headers: { "content-type": "application/x-www-form-urlencoded", "sec-fetch-site": "same-origin" },
  });

const rowsFor = (t: TestApp, email: string) =>
  t.database.db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, email));

describe(`the newsletter form posted without JavaScript on ${testEngine}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { NEWSLETTER_RATE_LIMIT_PER_MINUTE: "1000" } });
  });
  afterAll(() => t.close());

  it("subscribes and answers with the page it was posted from, showing the outcome (303)", async () => {
    const response = await postForm(t, { email: " Bo@Example.com", agreeToTerms: "on", sourcePage: "/" });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe("/?signup=subscribed#newsletter-heading");
    expect(response.headers["content-type"] ?? "").not.toContain("json");
    const [row] = await rowsFor(t, "bo@example.com");
    expect(row).toMatchObject({ status: "pending", sourcePage: "/" });
  });

  it("says what was wrong and subscribes no one: a bad address, no consent", async () => {
    const bad = await postForm(t, { email: "not-an-address", agreeToTerms: "on", sourcePage: "/" });
    expect(bad.headers.location).toBe("/?signup=invalid-email#newsletter-heading");
    const unticked = await postForm(t, { email: "cy@example.com", sourcePage: "/" });
    expect(unticked.statusCode).toBe(303);
    expect(unticked.headers.location).toBe("/?signup=needs-consent#newsletter-heading");
    expect(await rowsFor(t, "cy@example.com")).toHaveLength(0);
    const empty = await postForm(t, {});
    expect(empty.headers.location).toBe("/?signup=invalid-email#newsletter-heading");
  });

  it("goes back only to a page of this site (never an open redirect)", async () => {
    for (const sourcePage of ["//evil.example/", "/\\evil.example", "https://evil.example/", "/a b"]) {
      const response = await postForm(t, { email: "dee@example.com", agreeToTerms: "on", sourcePage });
      expect(response.headers.location).toBe("/?signup=subscribed#newsletter-heading");
    }
    const elsewhere = await postForm(t, {
      email: "dee@example.com",
      agreeToTerms: "on",
      sourcePage: "/about",
    });
    expect(elsewhere.headers.location).toBe("/about?signup=subscribed#newsletter-heading");
  });

  it("goes back to the home page, never a 500, when the page's address holds what a header cannot", async () => {
    // A browser gives its page as a percent-encoded path; anything else (text beyond U+00FF, control
    // characters) cannot stand in a Location header and is not one of our pages.
    for (const sourcePage of ["/ā", "/playlists/日本", "/🎵", "/é"]) {
      for (const [fields, outcome] of [
        [{ email: "fay@example.com", agreeToTerms: "on" }, "subscribed"],
        [{ email: "not-an-address", agreeToTerms: "on" }, "invalid-email"],
        [{ email: "fay@example.com" }, "needs-consent"],
      ] as const) {
        const response = await postForm(t, { ...fields, sourcePage });
        expect(response.statusCode, `${JSON.stringify(sourcePage)}: ${response.body}`).toBe(303);
        expect(response.headers.location).toBe(`/?signup=${outcome}#newsletter-heading`);
      }
    }
    const [row] = await rowsFor(t, "fay@example.com");
    expect(row?.sourcePage).toBe("/");
    const encoded = await postForm(t, {
      email: "fay@example.com",
      agreeToTerms: "on",
      sourcePage: "/playlists/caf%C3%A9",
    });
    expect(encoded.headers.location).toBe("/playlists/caf%C3%A9?signup=subscribed#newsletter-heading");
    // Control characters are refused before the route, as in every body: a clear 400.
    for (const sourcePage of ["/a\u0001b", "/a\u007fb"]) {
      const response = await postForm(t, { email: "fay@example.com", agreeToTerms: "on", sourcePage });
      expect(response.statusCode, JSON.stringify(sourcePage)).toBe(400);
      expect(response.json()).toMatchObject({ issues: [{ path: "sourcePage" }] });
    }
  });

  it("is refused from another site, as every state-changing request is", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/newsletter/subscribe",
      payload: "email=eve%40example.com&agreeToTerms=on",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://evil.example" },
    });
    expect(response.statusCode).toBe(403);
    expect(await rowsFor(t, "eve@example.com")).toHaveLength(0);
  });
});

describe("the newsletter form's rate limit", () => {
  it("counts form posts and JSON posts together, and answers a form past it with the page, saying so", async () => {
    const t = await createTestApp({ env: { NEWSLETTER_RATE_LIMIT_PER_MINUTE: "2" } });
    try {
      const json = await t.app.inject({
        method: "POST",
        url: "/api/newsletter/subscribe",
        payload: { email: "rl1@example.com", agreeToTerms: true },
        headers: { "sec-fetch-site": "same-origin" },
      });
      expect(json.statusCode).toBe(200);
      const form = await postForm(t, { email: "rl2@example.com", agreeToTerms: "on", sourcePage: "/" });
      expect(form.headers.location).toBe("/?signup=subscribed#newsletter-heading");
      const past = await postForm(t, { email: "rl3@example.com", agreeToTerms: "on", sourcePage: "/" });
      expect(past.statusCode).toBe(303);
      expect(past.headers.location).toBe("/?signup=rate-limited#newsletter-heading");
      expect(await rowsFor(t, "rl3@example.com")).toHaveLength(0);
      const jsonPast = await t.app.inject({
        method: "POST",
        url: "/api/newsletter/subscribe",
        payload: { email: "rl4@example.com", agreeToTerms: true },
        headers: { "sec-fetch-site": "same-origin" },
      });
      expect(jsonPast.statusCode).toBe(429);
    } finally {
      await t.close();
    }
  });
});
