import { createSign } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { eq, like } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { newsletterSubscriptions, rateLimitHits } from "../../../db/schema";
import { consoleCookie } from "../../../test/console-session";
import { addSubscribers } from "../../../test/newsletter-issues";
import { createTestApp, type TestApp } from "../../../test/test-app";
import { testEngine } from "../../../test/test-database";
import { type SnsMessage, snsStringToSign } from "./sns-signature";

/** Our own test CA's certificate (in the trust store) and key: messages signed as SNS signs them. */
const FIXTURES = join(import.meta.dirname, "../../../test/fixtures/sns");
const KEY = readFileSync(join(FIXTURES, "test-signing-key.pem"), "utf8");
const CERT_URL = "https://sns.eu-west-1.amazonaws.com/SimpleNotificationService-test.pem";
const TOPIC = "arn:aws:sns:eu-west-1:123456789012:ses-bounces";
const POSTMARK = { user: "postmark", password: "a-long-webhook-password-1234" };

let messages = 0;
/** A message as SNS signs it: its own id, published now unless `fields` say otherwise. */
function signed(
  fields: Partial<SnsMessage> & Pick<SnsMessage, "Type" | "Message">,
  version: "1" | "2" = "2",
): SnsMessage {
  const message: SnsMessage = {
    MessageId: `1b2c3d4e-${++messages}`,
    TopicArn: TOPIC,
    Timestamp: new Date().toISOString(),
    SignatureVersion: version,
    SigningCertURL: CERT_URL,
    Signature: "",
    ...fields,
  };
  const signer = createSign(version === "1" ? "RSA-SHA1" : "RSA-SHA256");
  signer.update(snsStringToSign(message));
  return { ...message, Signature: signer.sign(KEY, "base64") };
}
const bounce = (email: string, bounceType = "Permanent") =>
  JSON.stringify({
    notificationType: "Bounce",
    bounce: { bounceType, bouncedRecipients: [{ emailAddress: email }] },
  });

describe(`bounce and complaint webhooks on ${testEngine}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: {
        SES_SNS_CERT_DIR: FIXTURES,
        SES_SNS_TOPIC_ARNS: TOPIC,
        POSTMARK_WEBHOOK_AUTH: `${POSTMARK.user}:${POSTMARK.password}`,
      },
    });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.database.db.delete(newsletterSubscriptions);
    await addSubscribers(t, [
      "hard@mail.test",
      "soft@mail.test",
      "angry@mail.test",
      "pm@mail.test",
      "pmspam@mail.test",
    ]);
  });
  const sns = (body: unknown) =>
    t.app.inject({
      method: "POST",
      url: "/api/newsletter/webhooks/ses",
      headers: { "content-type": "text/plain; charset=UTF-8", "x-amz-sns-message-type": "Notification" },
      payload: JSON.stringify(body),
    });
  const reasonOf = async (email: string) =>
    (
      await t.database.db
        .select()
        .from(newsletterSubscriptions)
        .where(eq(newsletterSubscriptions.email, email))
    )[0]?.suppressedReason ?? null;

  it("suppresses permanent bounces and complaints from signed SNS messages (SignatureVersion 1 and 2)", async () => {
    const hard = await sns(signed({ Type: "Notification", Message: bounce("Hard@Mail.test") }, "1"));
    expect(hard.statusCode, hard.body).toBe(200);
    expect(hard.json()).toEqual({ received: "Bounce", suppressed: 1 });
    const soft = await sns(signed({ Type: "Notification", Message: bounce("soft@mail.test", "Transient") }));
    expect(soft.json()).toEqual({ received: "Bounce", suppressed: 0 });
    const complaint = JSON.stringify({
      eventType: "Complaint",
      complaint: { complainedRecipients: [{ emailAddress: "angry@mail.test" }] },
    });
    expect(
      (await sns(signed({ Type: "Notification", Message: complaint, Subject: "Complaint" }))).json(),
    ).toEqual({ received: "Complaint", suppressed: 1 });
    expect(await reasonOf("hard@mail.test")).toBe("ses: permanent bounce");
    expect(await reasonOf("soft@mail.test")).toBeNull();
    expect(await reasonOf("angry@mail.test")).toBe("ses: complaint");

    // The console's subscribers list shows the reason.
    const admin = await consoleCookie(t.app, "admin");
    const list = await t.app.inject({ url: "/api/admin/subscribers?q=hard", headers: { cookie: admin } });
    expect(list.json().subscribers[0]).toMatchObject({
      email: "hard@mail.test",
      suppression: { reason: "ses: permanent bounce" },
    });
  });

  it("refuses tampered, foreign-host, untrusted, unknown-topic and malformed SNS messages", async () => {
    const good = signed({ Type: "Notification", Message: bounce("hard@mail.test") });
    const cases: [unknown, number][] = [
      [{ ...good, Message: bounce("soft@mail.test") }, 403],
      [
        {
          ...good,
          SigningCertURL:
            "https://sns.eu-west-1.amazonaws.com.evil.example/SimpleNotificationService-test.pem",
        },
        403,
      ],
      [
        { ...good, SigningCertURL: "http://sns.eu-west-1.amazonaws.com/SimpleNotificationService-test.pem" },
        403,
      ],
      [{ ...good, SigningCertURL: "https://sns.eu-west-1.amazonaws.com/../../etc/other.pem" }, 403],
      [
        {
          ...good,
          SigningCertURL: "https://sns.eu-west-1.amazonaws.com/SimpleNotificationService-other.pem",
        },
        403,
      ],
      [{ ...good, SignatureVersion: "3" }, 403],
      [
        signed({
          Type: "Notification",
          Message: bounce("hard@mail.test"),
          TopicArn: "arn:aws:sns:eu-west-1:999:other",
        }),
        403,
      ],
      [{ Type: "Notification" }, 400],
    ];
    for (const [body, status] of cases)
      expect((await sns(body)).statusCode, JSON.stringify(body).slice(0, 120)).toBe(status);
    const notJson = await t.app.inject({
      method: "POST",
      url: "/api/newsletter/webhooks/ses",
      headers: { "content-type": "text/plain" },
      payload: "{",
    });
    expect(notJson.statusCode).toBe(400);
    expect(await reasonOf("hard@mail.test")).toBeNull();
    expect(await reasonOf("soft@mail.test")).toBeNull();
  });

  it("refuses a signed message from a topic not on the list, suppressing no one", async () => {
    const foreign = signed({
      Type: "Notification",
      Message: bounce("hard@mail.test"),
      TopicArn: "arn:aws:sns:eu-west-1:999999999999:someone-elses-topic",
    });
    const answer = await sns(foreign);
    expect(answer.statusCode).toBe(403);
    expect(answer.json()).toEqual({ error: "Unknown topic." });
    expect(await reasonOf("hard@mail.test")).toBeNull();
  });

  it("does nothing with a replayed message, on this server or another one on the same database", async () => {
    // The message names two addresses; the second subscribes only after it first arrived.
    await t.database.db
      .delete(newsletterSubscriptions)
      .where(eq(newsletterSubscriptions.email, "soft@mail.test"));
    const message = signed({
      Type: "Notification",
      Message: JSON.stringify({
        notificationType: "Bounce",
        bounce: {
          bounceType: "Permanent",
          bouncedRecipients: [{ emailAddress: "hard@mail.test" }, { emailAddress: "soft@mail.test" }],
        },
      }),
    });
    const first = await sns(message);
    expect(first.json()).toEqual({ received: "Bounce", suppressed: 1 });
    await addSubscribers(t, ["soft@mail.test"]);
    const replay = await sns(message);
    expect(replay.statusCode, replay.body).toBe(200);
    expect(replay.json()).toEqual({ received: "duplicate", suppressed: 0 });
    expect(await reasonOf("soft@mail.test")).toBeNull();

    const other = await createTestApp({
      database: t.database,
      env: { SES_SNS_CERT_DIR: FIXTURES, SES_SNS_TOPIC_ARNS: TOPIC },
    });
    try {
      const elsewhere = await other.app.inject({
        method: "POST",
        url: "/api/newsletter/webhooks/ses",
        headers: { "content-type": "text/plain; charset=UTF-8" },
        payload: JSON.stringify(message),
      });
      expect(elsewhere.json()).toEqual({ received: "duplicate", suppressed: 0 });
    } finally {
      await other.app.close();
    }
    expect(await reasonOf("soft@mail.test")).toBeNull();
    // Ids are remembered for a while only: the rows expire, and the purge job deletes them.
    const [row] = await t.database.db
      .select()
      .from(rateLimitHits)
      .where(like(rateLimitHits.key, `%${message.MessageId}`));
    expect(row?.expiresAt.getTime()).toBeGreaterThan(Date.now() + 60 * 60_000);
    expect(row?.expiresAt.getTime()).toBeLessThan(Date.now() + 3 * 60 * 60_000);
  });

  it("refuses a message published more than an hour ago, or later than now, suppressing no one", async () => {
    const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();
    for (const [timestamp, status] of [
      ["2019-06-01T10:00:00.000Z", 403],
      [at(-61 * 60_000), 403],
      [at(10 * 60_000), 403],
      ["yesterday", 400],
    ] as const) {
      const answer = await sns(
        signed({ Type: "Notification", Message: bounce("hard@mail.test"), Timestamp: timestamp }),
      );
      expect(answer.statusCode, `${timestamp}: ${answer.body}`).toBe(status);
    }
    expect(await reasonOf("hard@mail.test")).toBeNull();
    // Within the hour (SNS retries for up to an hour), and a little clock skew ahead, it counts.
    const late = await sns(
      signed({ Type: "Notification", Message: bounce("hard@mail.test"), Timestamp: at(-55 * 60_000) }),
    );
    expect(late.json()).toEqual({ received: "Bounce", suppressed: 1 });
    const ahead = await sns(
      signed({ Type: "Notification", Message: bounce("angry@mail.test"), Timestamp: at(60_000) }),
    );
    expect(ahead.json()).toEqual({ received: "Bounce", suppressed: 1 });
  });

  it("answers a signed SubscriptionConfirmation without suppressing anyone", async () => {
    const confirmation = signed({
      Type: "SubscriptionConfirmation",
      Message: "You have chosen to subscribe to the topic.",
      Token: "2336412f37fb687f5d51e6e2425",
      SubscribeURL:
        "https://sns.eu-west-1.amazonaws.com/?Action=ConfirmSubscription&Token=2336412f37fb687f5d51e6e2425",
    });
    const response = await sns(confirmation);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ received: "subscription-confirmation" });
    expect((await sns({ ...confirmation, Token: "forged" })).statusCode).toBe(403);
  });

  it("takes Postmark hard bounces and spam complaints with its basic auth only", async () => {
    const postmark = (body: unknown, auth: string | null = `${POSTMARK.user}:${POSTMARK.password}`) =>
      t.app.inject({
        method: "POST",
        url: "/api/newsletter/webhooks/postmark",
        headers: auth === null ? {} : { authorization: `Basic ${Buffer.from(auth).toString("base64")}` },
        payload: body as object,
      });
    const hard = {
      RecordType: "Bounce",
      Type: "HardBounce",
      TypeCode: 1,
      Email: "pm@mail.test",
      Inactive: true,
    };
    expect((await postmark(hard, null)).statusCode).toBe(401);
    expect((await postmark(hard, `${POSTMARK.user}:wrong-password-of-some-length`)).statusCode).toBe(401);
    expect(await reasonOf("pm@mail.test")).toBeNull();
    expect(
      (await postmark({ RecordType: "Bounce", Type: "SoftBounce", Email: "pm@mail.test" })).json(),
    ).toEqual({ received: "Bounce", suppressed: 0 });
    expect((await postmark(hard)).json()).toEqual({ received: "Bounce", suppressed: 1 });
    expect(
      (
        await postmark({ RecordType: "SpamComplaint", Type: "SpamComplaint", Email: "pmspam@mail.test" })
      ).json(),
    ).toEqual({ received: "SpamComplaint", suppressed: 1 });
    expect((await postmark({ nothing: true })).statusCode).toBe(400);
    expect(await reasonOf("pm@mail.test")).toBe("postmark: HardBounce");
    expect(await reasonOf("pmspam@mail.test")).toBe("postmark: spam complaint");
  });
});

describe("bounce webhooks when not configured", () => {
  it("answer 404", async () => {
    const t = await createTestApp();
    try {
      expect(
        (
          await t.app.inject({
            method: "POST",
            url: "/api/newsletter/webhooks/ses",
            headers: { "content-type": "text/plain" },
            payload: "{}",
          })
        ).statusCode,
      ).toBe(404);
      expect(
        (await t.app.inject({ method: "POST", url: "/api/newsletter/webhooks/postmark", payload: {} }))
          .statusCode,
      ).toBe(404);
    } finally {
      await t.close();
    }
  });
});
