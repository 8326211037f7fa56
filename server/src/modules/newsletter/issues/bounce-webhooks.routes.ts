import { createHash, timingSafeEqual } from "node:crypto";
import { NEWSLETTER_WEBHOOKS } from "@waveform/contracts/newsletter-issues";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import * as z from "zod/mini";
import { newsletterSubscriptions, rateLimitHits } from "../../../db/schema";
import { HttpError } from "../../../plugins/errors";
import { countHit } from "../../../stores/rate-limit-store";
import { SNS_CERT_HOST, type SnsMessage, SnsSignatureError, verifySnsMessage } from "./sns-signature";

export interface BounceWebhookOptions {
  /** Off (404) without both: any AWS account's topic is signed with the same certificate. */
  ses: { certDir: string; topicArns: string[] } | null;
  postmark: { user: string; password: string } | null;
}

const SnsMessageSchema = z.object({
  Type: z.enum(["Notification", "SubscriptionConfirmation", "UnsubscribeConfirmation"]),
  MessageId: z.string().check(z.maxLength(200)),
  TopicArn: z.string().check(z.regex(/^arn:aws:sns:/), z.maxLength(500)),
  Message: z.string().check(z.maxLength(200_000)),
  Timestamp: z.string().check(z.maxLength(50)),
  SignatureVersion: z.string().check(z.maxLength(5)),
  Signature: z.string().check(z.maxLength(2000)),
  SigningCertURL: z.string().check(z.maxLength(500)),
  Subject: z.optional(z.string().check(z.maxLength(500))),
  Token: z.optional(z.string().check(z.maxLength(2000))),
  SubscribeURL: z.optional(z.string().check(z.maxLength(2000))),
});

const Recipients = z.array(z.object({ emailAddress: z.string() }));
/** What SES puts in the SNS message: notifications (notificationType) or event publishing (eventType). */
const SesEventSchema = z.object({
  notificationType: z.optional(z.string()),
  eventType: z.optional(z.string()),
  bounce: z.optional(z.object({ bounceType: z.string(), bouncedRecipients: Recipients })),
  complaint: z.optional(z.object({ complainedRecipients: Recipients })),
});

const PostmarkSchema = z.object({
  RecordType: z.string(),
  Type: z.optional(z.string()),
  Email: z.optional(z.string()),
});
/** Postmark's bounce types that mean the address will never take mail (others are transient). */
const POSTMARK_PERMANENT = new Set(["HardBounce", "BadEmailAddress", "ManuallyDeactivated"]);

/**
 * An SNS message is taken within an hour of its publication (SNS stops retrying a delivery by
 * then), and up to a few minutes "ahead" of our clock (clocks differ); older or later ones are
 * refused: a message copied from somewhere cannot be posted again days later.
 */
const SNS_MAX_AGE_MS = 60 * 60_000;
const SNS_CLOCK_SKEW_MS = 5 * 60_000;
/**
 * A message's id is remembered, in the database every server shares (the rate-limit table's rows,
 * deleted by its purge job once expired), for longer than a message is taken: a replay within
 * its hour, on any server, does nothing. The margin covers servers' clocks that differ from the
 * database's.
 */
const SNS_REMEMBER_MS = 2 * SNS_MAX_AGE_MS;
const snsMessageKey = (messageId: string) => `ses-sns-message|${messageId}`;

/** Constant-time: digests of equal length are compared, so timing tells nothing of how much matched. */
const digest = (text: string) => createHash("sha256").update(text).digest();
const safeEqual = (a: string, b: string) => timingSafeEqual(digest(a), digest(b));

/**
 * Hard bounces and complaints reported by the mail provider suppress the address: it is never
 * mailed again, and the console shows why. Each endpoint is off (404) until it is configured.
 */
export async function bounceWebhookRoutes(app: FastifyInstance, options: BounceWebhookOptions) {
  const suppress = async (addresses: string[], reason: string) => {
    const emails = [...new Set(addresses.map((address) => address.trim().toLowerCase()).filter(Boolean))];
    if (emails.length === 0) return 0;
    const rows = await app.db
      .update(newsletterSubscriptions)
      .set({ suppressedAt: sql`now()`, suppressedReason: reason.slice(0, 300), updatedAt: sql`now()` })
      .where(
        and(inArray(newsletterSubscriptions.email, emails), isNull(newsletterSubscriptions.suppressedAt)),
      )
      .returning({ id: newsletterSubscriptions.id });
    return rows.length;
  };

  /** A verified, fresh, first-seen message: confirm a subscription, or suppress what it reports. */
  const handle = async (message: SnsMessage, request: FastifyRequest) => {
    if (message.Type === "SubscriptionConfirmation") {
      // Confirmed by opening SubscribeURL once; the server makes no outgoing request (no network
      // is assumed), so the log says where to go.
      const address = message.SubscribeURL && new URL(message.SubscribeURL);
      if (address && address.protocol === "https:" && SNS_CERT_HOST.test(address.hostname))
        request.log.warn(
          { topic: message.TopicArn, subscribeUrl: message.SubscribeURL },
          "SES webhook: open subscribeUrl once to confirm the SNS subscription",
        );
      return { received: "subscription-confirmation" };
    }
    if (message.Type !== "Notification") return { received: "ignored" };
    let event: z.infer<typeof SesEventSchema>;
    try {
      event = SesEventSchema.parse(JSON.parse(message.Message));
    } catch {
      throw new HttpError(400, "The notification holds no SES event.");
    }
    const kind = event.notificationType ?? event.eventType;
    let suppressed = 0;
    if (kind === "Bounce" && event.bounce?.bounceType === "Permanent") {
      suppressed = await suppress(
        event.bounce.bouncedRecipients.map((r) => r.emailAddress),
        "ses: permanent bounce",
      );
    } else if (kind === "Complaint" && event.complaint) {
      suppressed = await suppress(
        event.complaint.complainedRecipients.map((r) => r.emailAddress),
        "ses: complaint",
      );
    }
    return { received: kind ?? "unknown", suppressed };
  };

  // SNS posts JSON as text/plain; both webhooks are small.
  await app.register(async (hooks) => {
    hooks.addContentTypeParser(
      "text/plain",
      { parseAs: "string", bodyLimit: 256 * 1024 },
      (_request, body, done) => {
        try {
          done(null, JSON.parse(String(body)));
        } catch {
          done(new HttpError(400, "The body is not JSON."), undefined);
        }
      },
    );

    hooks.post(NEWSLETTER_WEBHOOKS.ses, { bodyLimit: 256 * 1024 }, async (request) => {
      const { ses } = options;
      if (!ses) throw new HttpError(404, "The SES webhook is not configured.");
      const parsed = SnsMessageSchema.safeParse(request.body);
      if (!parsed.success) throw new HttpError(400, "This is not an SNS message.");
      const message = parsed.data as SnsMessage;
      try {
        await verifySnsMessage(message, ses.certDir);
      } catch (error) {
        if (!(error instanceof SnsSignatureError)) throw error;
        request.log.warn({ reason: error.message }, "SES webhook: refused an unverified message");
        throw new HttpError(403, "The message signature could not be verified.");
      }
      if (!ses.topicArns.includes(message.TopicArn)) throw new HttpError(403, "Unknown topic.");
      const published = Date.parse(message.Timestamp);
      if (Number.isNaN(published)) throw new HttpError(400, "The message's Timestamp is not a date.");
      const age = Date.now() - published;
      if (age > SNS_MAX_AGE_MS || age < -SNS_CLOCK_SKEW_MS) {
        request.log.warn(
          { messageId: message.MessageId, timestamp: message.Timestamp },
          "SES webhook: refused a message published more than an hour ago or ahead of our clock",
        );
        throw new HttpError(403, "The message was published more than an hour ago, or later than now.");
      }
      // Counted once the message is known to be SNS's, from our topic, and fresh: the first
      // delivery counts 1, a replay (or SNS delivering it again) more, on whichever server.
      const key = snsMessageKey(message.MessageId);
      if ((await countHit(app.db, key, SNS_REMEMBER_MS)).current > 1) {
        request.log.info({ messageId: message.MessageId }, "SES webhook: a message already received");
        return { received: "duplicate", suppressed: 0 };
      }
      try {
        return await handle(message, request);
      } catch (error) {
        // Not acted on: SNS's retry of it must not be taken for a replay.
        await app.db.delete(rateLimitHits).where(eq(rateLimitHits.key, key));
        throw error;
      }
    });

    const authorised = (request: FastifyRequest) => {
      const { postmark } = options;
      if (!postmark) return false;
      const header = request.headers.authorization ?? "";
      const given = header.startsWith("Basic ")
        ? Buffer.from(header.slice(6), "base64").toString("utf8")
        : "";
      return safeEqual(given, `${postmark.user}:${postmark.password}`);
    };
    hooks.post(NEWSLETTER_WEBHOOKS.postmark, { bodyLimit: 64 * 1024 }, async (request, reply) => {
      if (!options.postmark) throw new HttpError(404, "The Postmark webhook is not configured.");
      if (!authorised(request)) {
        reply.header("www-authenticate", 'Basic realm="postmark-webhook"');
        throw new HttpError(401, "Wrong or missing credentials.");
      }
      const parsed = PostmarkSchema.safeParse(request.body);
      if (!parsed.success) throw new HttpError(400, "This is not a Postmark webhook.");
      const { RecordType, Type, Email } = parsed.data;
      let suppressed = 0;
      if (Email && RecordType === "SpamComplaint")
        suppressed = await suppress([Email], "postmark: spam complaint");
      else if (Email && RecordType === "Bounce" && Type && POSTMARK_PERMANENT.has(Type))
        suppressed = await suppress([Email], `postmark: ${Type}`);
      return { received: RecordType, suppressed };
    });
  });
}
