import { CONSENT_TEXT_VERSION, NEWSLETTER_ANSWER } from "@waveform/contracts/newsletter";
import { count, eq, like, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newsletterSubscriptions, outbox } from "../../db/schema";
import { fromSite } from "../../test/same-origin";
import { createTestApp, type TestApp } from "../../test/test-app";
import { testEngine } from "../../test/test-database";
import { hashToken } from "./newsletter.repository";

const subscribe = (t: TestApp, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: "POST",
    url: "/api/newsletter/subscribe",
    payload: payload as object,
    headers: fromSite(headers),
  });

const rowsFor = (t: TestApp, email: string) =>
  t.database.db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, email));

const tokenFrom = (url: string) => new URL(url).searchParams.get("token") ?? "";

const post = (t: TestApp, url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "POST", url, payload, headers: fromSite(headers) });

const mailsTo = (t: TestApp, email: string) =>
  t.database.db.select().from(outbox).where(sql`${outbox.payload}->>'to' = ${email}`).orderBy(outbox.id);
const mailTo = async (t: TestApp, email: string) => (await mailsTo(t, email))[0];

describe(`newsletter on ${testEngine}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { NEWSLETTER_RATE_LIMIT_PER_MINUTE: "1000" } });
  });
  afterAll(() => t.close());

  it("stores a trimmed, lower-cased address with its consent, and queues the confirmation mail", async () => {
    const response = await subscribe(t, { email: "  Ann@Example.COM ", agreeToTerms: true, sourcePage: "/" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: NEWSLETTER_ANSWER });
    const [row] = await rowsFor(t, "ann@example.com");
    expect(row).toMatchObject({
      status: "pending",
      consentTextVersion: CONSENT_TEXT_VERSION,
      sourcePage: "/",
    });
    expect(row?.consentAt).toBeInstanceOf(Date);
    const mails = await t.database.db.select().from(outbox);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.payload).toMatchObject({ to: "ann@example.com" });
    // Only hashes of the tokens are kept with the subscription.
    const confirmUrl = String(mails[0]?.payload.confirmUrl);
    expect(row?.confirmTokenHash).toBe(hashToken(tokenFrom(confirmUrl)));
    expect(row?.confirmTokenHash).not.toBe(tokenFrom(confirmUrl));
  });

  it("answers a repeat the same way, with one row and no second mail", async () => {
    const again = await subscribe(t, { email: "ann@example.com", agreeToTerms: true });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ message: NEWSLETTER_ANSWER });
    expect(await rowsFor(t, "ann@example.com")).toHaveLength(1);
    const [mails] = await t.database.db.select({ n: count() }).from(outbox);
    expect(mails?.n).toBe(1);
  });

  it("mails links to pages; opening them (or the old GET addresses) changes nothing", async () => {
    const [mail] = await t.database.db.select().from(outbox);
    const confirmUrl = new URL(String(mail?.payload.confirmUrl));
    const unsubscribeUrl = new URL(String(mail?.payload.unsubscribeUrl));
    expect(confirmUrl.pathname).toBe("/newsletter/confirm");
    expect(unsubscribeUrl.pathname).toBe("/newsletter/unsubscribe");
    expect(String(mail?.payload.listUnsubscribeUrl)).toBe(
      `http://127.0.0.1:3000/api/newsletter/unsubscribe?token=${tokenFrom(unsubscribeUrl.href)}`,
    );
    for (const url of [confirmUrl, unsubscribeUrl]) {
      const page = await t.app.inject({ url: url.pathname + url.search });
      expect(page.statusCode).toBe(200);
      expect(page.headers["content-type"]).toContain("text/html");
    }
    // A link from a mail sent before the pages existed: the page for the same token.
    for (const [action, url] of [
      ["confirm", confirmUrl],
      ["unsubscribe", unsubscribeUrl],
    ] as const) {
      const old = await t.app.inject({ url: `/api/newsletter/${action}${url.search}` });
      expect(old.statusCode).toBe(303);
      expect(old.headers.location).toBe(`/newsletter/${action}${url.search}`);
    }
    const [row] = await rowsFor(t, "ann@example.com");
    expect(row).toMatchObject({ status: "pending", confirmedAt: null });
    expect(row?.confirmTokenHash).toBe(hashToken(tokenFrom(confirmUrl.href)));
    expect(row?.unsubscribeTokenHash).toBe(hashToken(tokenFrom(unsubscribeUrl.href)));
  });

  it("confirms with the page's POST once, then unsubscribes, then allows subscribing again", async () => {
    const [mail] = await t.database.db.select().from(outbox);
    const confirmToken = tokenFrom(String(mail?.payload.confirmUrl));
    const confirm = await post(t, "/api/newsletter/confirm", { token: confirmToken });
    expect(confirm.statusCode).toBe(200);
    expect(confirm.json()).toEqual({ outcome: "confirmed" });
    expect((await rowsFor(t, "ann@example.com"))[0]?.status).toBe("confirmed");

    const replay = await post(t, "/api/newsletter/confirm", { token: confirmToken });
    expect(replay.json()).toEqual({ outcome: "invalid-link" });

    const unsubscribeToken = tokenFrom(String(mail?.payload.unsubscribeUrl));
    const unsubscribe = await post(t, "/api/newsletter/unsubscribe", { token: unsubscribeToken });
    expect(unsubscribe.json()).toEqual({ outcome: "unsubscribed" });
    expect((await rowsFor(t, "ann@example.com"))[0]?.status).toBe("unsubscribed");
    const again = await post(t, "/api/newsletter/unsubscribe", { token: unsubscribeToken });
    expect(again.json()).toEqual({ outcome: "invalid-link" });

    await subscribe(t, { email: "ann@example.com", agreeToTerms: true });
    expect((await rowsFor(t, "ann@example.com"))[0]?.status).toBe("pending");
    const [mails] = await t.database.db.select({ n: count() }).from(outbox);
    expect(mails?.n).toBe(2);
  });

  it("unsubscribes with an RFC 8058 one-click POST of the List-Unsubscribe address", async () => {
    await subscribe(t, { email: "oneclick@example.com", agreeToTerms: true });
    const mail = await mailTo(t, "oneclick@example.com");
    const address = new URL(String(mail?.payload.listUnsubscribeUrl));
    const oneClick = (body: string) =>
      t.app.inject({
        method: "POST",
        url: address.pathname + address.search,
        headers: { "content-type": "application/x-www-form-urlencoded" },
        payload: body,
      });
    expect((await oneClick("List-Unsubscribe=Something-Else")).statusCode).toBe(400);
    expect((await rowsFor(t, "oneclick@example.com"))[0]?.status).toBe("pending");
    const response = await oneClick("List-Unsubscribe=One-Click");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ outcome: "unsubscribed" });
    expect((await rowsFor(t, "oneclick@example.com"))[0]?.status).toBe("unsubscribed");
    expect((await oneClick("List-Unsubscribe=One-Click")).json()).toEqual({ outcome: "invalid-link" });
    // The form body is for one-click only: without a token in the address it does nothing (and
    // without the token a POST needs an origin like any other: plugins/security.ts).
    const bare = await t.app.inject({
      method: "POST",
      url: "/api/newsletter/unsubscribe",
      headers: fromSite({ "content-type": "application/x-www-form-urlencoded" }),
      payload: "List-Unsubscribe=One-Click",
    });
    expect(bare.json()).toEqual({ outcome: "invalid-link" });
  });

  it("expires a confirmation link after 7 days; subscribing again sends a new one that works", async () => {
    await subscribe(t, { email: "late@example.com", agreeToTerms: true });
    const first = tokenFrom(String((await mailTo(t, "late@example.com"))?.payload.confirmUrl));
    const age = async (days: number) =>
      t.database.db
        .update(newsletterSubscriptions)
        .set({ consentAt: sql`now() - make_interval(days => ${days})` })
        .where(eq(newsletterSubscriptions.email, "late@example.com"));

    // Six days old: a repeat changes nothing and sends nothing; the link still works after it.
    await age(6);
    await subscribe(t, { email: "late@example.com", agreeToTerms: true });
    expect(await mailsTo(t, "late@example.com")).toHaveLength(1);

    await age(8);
    expect((await post(t, "/api/newsletter/confirm", { token: first })).json()).toEqual({
      outcome: "invalid-link",
    });
    expect((await rowsFor(t, "late@example.com"))[0]?.status).toBe("pending");

    await subscribe(t, { email: "late@example.com", agreeToTerms: true });
    const mails = await mailsTo(t, "late@example.com");
    expect(mails).toHaveLength(2);
    const second = tokenFrom(String(mails[1]?.payload.confirmUrl));
    expect(second).not.toBe(first);
    expect((await post(t, "/api/newsletter/confirm", { token: first })).json()).toEqual({
      outcome: "invalid-link",
    });
    expect((await post(t, "/api/newsletter/confirm", { token: second })).json()).toEqual({
      outcome: "confirmed",
    });
  });

  it("takes the pages' form posted without JavaScript, and sends the browser back to the page", async () => {
    await subscribe(t, { email: "nojs@example.com", agreeToTerms: true });
    const mail = await mailTo(t, "nojs@example.com");
    const form = (url: string, token: string) =>
      t.app.inject({
        method: "POST",
        url,
        headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://127.0.0.1:3000" },
        payload: new URLSearchParams({ token }).toString(),
      });
    const confirmToken = tokenFrom(String(mail?.payload.confirmUrl));
    const confirmed = await form("/api/newsletter/confirm", confirmToken);
    expect(confirmed.statusCode).toBe(303);
    expect(confirmed.headers.location).toBe("/newsletter/confirm?outcome=confirmed");
    expect((await rowsFor(t, "nojs@example.com"))[0]?.status).toBe("confirmed");
    expect((await form("/api/newsletter/confirm", confirmToken)).headers.location).toBe(
      "/newsletter/confirm?outcome=invalid-link",
    );
    const unsubscribed = await form(
      "/api/newsletter/unsubscribe",
      tokenFrom(String(mail?.payload.unsubscribeUrl)),
    );
    expect(unsubscribed.headers.location).toBe("/newsletter/unsubscribe?outcome=unsubscribed");
    expect((await rowsFor(t, "nojs@example.com"))[0]?.status).toBe("unsubscribed");
    expect((await form("/api/newsletter/confirm", "")).statusCode).toBe(400);
  });

  it("ignores unknown tokens and refuses missing or oversized ones", async () => {
    for (const url of ["/api/newsletter/confirm", "/api/newsletter/unsubscribe"]) {
      expect((await post(t, url, { token: "nope" })).json()).toEqual({ outcome: "invalid-link" });
      for (const body of [{}, { token: "" }, { token: "x".repeat(101) }, { token: 42 }]) {
        expect((await post(t, url, body)).statusCode, `${url} ${JSON.stringify(body)}`).toBe(400);
      }
    }
    const old = await t.app.inject({ url: "/api/newsletter/confirm" });
    expect(old.statusCode).toBe(303);
    expect(old.headers.location).toBe("/newsletter/confirm");
  });

  it("refuses a confirmation posted from another site", async () => {
    await subscribe(t, { email: "xsite@example.com", agreeToTerms: true });
    const token = tokenFrom(String((await mailTo(t, "xsite@example.com"))?.payload.confirmUrl));
    const response = await post(
      t,
      "/api/newsletter/confirm",
      { token },
      { origin: "https://evil.example", "sec-fetch-site": "cross-site" },
    );
    expect(response.statusCode).toBe(403);
    expect((await rowsFor(t, "xsite@example.com"))[0]?.status).toBe("pending");
  });

  it.each([
    ["a missing body", undefined],
    ["missing fields", {}],
    ["a bad address", { email: "not-an-email", agreeToTerms: true }],
    ["no consent", { email: "bob@example.com", agreeToTerms: false }],
    ["wrong types", { email: 42, agreeToTerms: "yes" }],
    ["a 10 KB address", { email: `${"a".repeat(10_000)}@example.com`, agreeToTerms: true }],
    [
      "a bad source page",
      { email: "bob@example.com", agreeToTerms: true, sourcePage: "https://evil.example" },
    ],
  ])("refuses %s with 400 and stores nothing", async (_, payload) => {
    const before = await t.database.db.select({ n: count() }).from(newsletterSubscriptions);
    const response = await subscribe(t, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toHaveProperty("error");
    const after = await t.database.db.select({ n: count() }).from(newsletterSubscriptions);
    expect(after).toEqual(before);
  });

  it("names the field of each problem in the answer", async () => {
    const response = await subscribe(t, { email: "x", agreeToTerms: false });
    expect(response.json().issues).toEqual(
      expect.arrayContaining([
        { path: "email", message: "Please enter a valid email address" },
        { path: "agreeToTerms", message: "You must agree to receive emails" },
      ]),
    );
  });

  it("refuses broken JSON, the wrong content type and an oversized body", async () => {
    const notJson = await t.app.inject({
      method: "POST",
      url: "/api/newsletter/subscribe",
      headers: fromSite({ "content-type": "application/json" }),
      payload: "{email",
    });
    expect(notJson.statusCode).toBe(400);
    const text = await t.app.inject({
      method: "POST",
      url: "/api/newsletter/subscribe",
      headers: fromSite({ "content-type": "application/xml" }),
      payload: "<email>a@b.co</email>",
    });
    expect(text.statusCode).toBe(415);
    // A form body is the signup form posted without JavaScript: answered with a page
    // (newsletter-form.routes.test.ts), never parsed past its limit.
    const hugeForm = await t.app.inject({
      method: "POST",
      url: "/api/newsletter/subscribe",
      headers: fromSite({ "content-type": "application/x-www-form-urlencoded" }),
      payload: `email=a%40b.co&agreeToTerms=on&padding=${"x".repeat(5000)}`,
    });
    expect(hugeForm.statusCode).toBe(413);
    const huge = await subscribe(t, {
      email: "c@example.com",
      agreeToTerms: true,
      padding: "x".repeat(100_000),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toHaveProperty("error");
  });

  it("refuses a subscription posted from another site", async () => {
    const response = await subscribe(
      t,
      { email: "dan@example.com", agreeToTerms: true },
      { origin: "https://evil.example", "sec-fetch-site": "cross-site" },
    );
    expect(response.statusCode).toBe(403);
    expect(await rowsFor(t, "dan@example.com")).toHaveLength(0);
  });

  it("keeps exactly one row per address under 200 concurrent subscriptions of 100 addresses", async () => {
    const emails = Array.from({ length: 100 }, (_, i) => `fan${i}@example.org`);
    const responses = await Promise.all(
      [...emails, ...emails].map((email) => subscribe(t, { email, agreeToTerms: true })),
    );
    expect(responses.every((response) => response.statusCode === 200)).toBe(true);
    const [rows] = await t.database.db
      .select({ n: count() })
      .from(newsletterSubscriptions)
      .where(like(newsletterSubscriptions.email, "fan%@example.org"));
    expect(rows?.n).toBe(100);
    const [mails] = await t.database.db
      .select({ n: count() })
      .from(outbox)
      .where(sql`payload->>'to' like 'fan%'`);
    expect(mails?.n).toBe(100);
  });
});

describe("newsletter rate limit", () => {
  it("answers 429 JSON with Retry-After past the limit per client", async () => {
    const t = await createTestApp({ env: { NEWSLETTER_RATE_LIMIT_PER_MINUTE: "2" } });
    const statuses: number[] = [];
    let last: Awaited<ReturnType<typeof subscribe>> | undefined;
    for (let i = 0; i < 3; i++) {
      last = await subscribe(t, { email: `rl${i}@example.com`, agreeToTerms: true });
      statuses.push(last.statusCode);
    }
    expect(statuses).toEqual([200, 200, 429]);
    expect(last?.headers["retry-after"]).toBeDefined();
    expect(last?.json()).toHaveProperty("error");
    await t.close();
  });
});
