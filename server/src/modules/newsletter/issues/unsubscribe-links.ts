import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { NEWSLETTER_PAGES, unsubscribeFromNewsletter } from "@waveform/contracts/newsletter";
import { eq } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { newsletterSettings } from "../../../db/schema";

/**
 * Unsubscribe links of issues and welcome mails. The confirmation mail's token is stored only as a
 * hash, so a later mail cannot repeat it; these links carry `u1.<subscription id>.<HMAC>` instead,
 * signed with a key kept in the database (every server of a cluster shares it, none is configured).
 * They keep working for as long as the subscription exists (RFC 8058 wants a link that works).
 */
const KEY_NAME = "unsubscribe-link-key";
const SIGNED = /^u1\.([1-9]\d{0,9})\.([\w-]{43})$/;

interface UnsubscribeLinks {
  token(subscriptionId: number): string;
  /** The page (a button that POSTs the token) and the RFC 8058 one-click API address. */
  pageUrl(subscriptionId: number): string;
  oneClickUrl(subscriptionId: number): string;
}

/** The key, made on first use; of two servers making it at once, both read the one that was stored. */
export async function unsubscribeLinkKey(db: Database): Promise<Buffer> {
  await db
    .insert(newsletterSettings)
    .values({ name: KEY_NAME, value: { key: randomBytes(32).toString("base64url") } })
    .onConflictDoNothing();
  const [row] = await db.select().from(newsletterSettings).where(eq(newsletterSettings.name, KEY_NAME));
  return Buffer.from(String(row?.value.key), "base64url");
}

const mac = (key: Buffer, subscriptionId: number) =>
  createHmac("sha256", key).update(`unsubscribe:${subscriptionId}`).digest("base64url");

export function unsubscribeLinks(key: Buffer, publicUrl: string): UnsubscribeLinks {
  const token = (id: number) => `u1.${id}.${mac(key, id)}`;
  return {
    token,
    pageUrl: (id) => `${publicUrl}${NEWSLETTER_PAGES.unsubscribe}?token=${token(id)}`,
    oneClickUrl: (id) => `${publicUrl}${unsubscribeFromNewsletter.path}?token=${token(id)}`,
  };
}

/** The subscription a signed token names, or null (not one of ours, or forged: constant-time compare). */
export function verifiedSubscriptionId(key: Buffer, token: string): number | null {
  const match = SIGNED.exec(token);
  if (!match) return null;
  const id = Number(match[1]);
  const expected = Buffer.from(mac(key, id));
  const given = Buffer.from(match[2] as string);
  return expected.length === given.length && timingSafeEqual(expected, given) ? id : null;
}

export const isSignedUnsubscribeToken = (token: string) => token.startsWith("u1.");
