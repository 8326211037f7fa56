import { CONSENT_TEXT_VERSION, NEWSLETTER_ANSWER } from "@waveform/contracts/newsletter";
import { count, eq, like, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newsletterSubscriptions, outbox } from "../../db/schema";
import { createTestApp, type TestApp } from "../../test/test-app";
import { testEngine } from "../../test/test-database";
import { hashToken } from "./newsletter.repository";

const subscribe = (t: TestApp, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "POST", url: "/api/newsletter/subscribe", payload: payload as object, headers });

const rowsFor = (t: TestApp, email: string) =>
  t.database.db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, email));

const tokenFrom = (url: string) => new URL(url).searchParams.get("token") ?? "";

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

  it("confirms with the mailed link once, then unsubscribes, then allows subscribing again", async () => {
    const [mail] = await t.database.db.select().from(outbox);
    const confirm = await t.app.inject({
      url:
        new URL(String(mail?.payload.confirmUrl)).pathname + new URL(String(mail?.payload.confirmUrl)).search,
    });
    expect(confirm.statusCode).toBe(303);
    expect(confirm.headers.location).toBe("/?newsletter=confirmed");
    expect((await rowsFor(t, "ann@example.com"))[0]?.status).toBe("confirmed");

    const replay = await t.app.inject({
      url: `/api/newsletter/confirm?token=${tokenFrom(String(mail?.payload.confirmUrl))}`,
    });
    expect(replay.headers.location).toBe("/?newsletter=invalid-link");

    const unsubscribe = await t.app.inject({
      url: `/api/newsletter/unsubscribe?token=${tokenFrom(String(mail?.payload.unsubscribeUrl))}`,
    });
    expect(unsubscribe.headers.location).toBe("/?newsletter=unsubscribed");
    expect((await rowsFor(t, "ann@example.com"))[0]?.status).toBe("unsubscribed");

    await subscribe(t, { email: "ann@example.com", agreeToTerms: true });
    expect((await rowsFor(t, "ann@example.com"))[0]?.status).toBe("pending");
    const [mails] = await t.database.db.select({ n: count() }).from(outbox);
    expect(mails?.n).toBe(2);
  });

  it("ignores missing or unknown tokens", async () => {
    for (const url of [
      "/api/newsletter/confirm",
      "/api/newsletter/confirm?token=nope",
      "/api/newsletter/unsubscribe?token=nope",
    ]) {
      const response = await t.app.inject({ url });
      expect(response.statusCode).toBe(303);
      expect(response.headers.location).toBe("/?newsletter=invalid-link");
    }
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

  it("refuses non-JSON, the wrong content type and an oversized body", async () => {
    const notJson = await t.app.inject({
      method: "POST",
      url: "/api/newsletter/subscribe",
      headers: { "content-type": "application/json" },
      payload: "{email",
    });
    expect(notJson.statusCode).toBe(400);
    const form = await t.app.inject({
      method: "POST",
      url: "/api/newsletter/subscribe",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "email=a%40b.co&agreeToTerms=true",
    });
    expect(form.statusCode).toBe(415);
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
