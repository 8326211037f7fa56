import { hash, randomBytes } from "node:crypto";
import { isbot } from "isbot";

/** Hex digits kept of a visitor's hash: 64 bits, so two of a day's visitors share one about never. */
export const VISITOR_HASH_LENGTH = 16;

/** A new day's salt: 32 random bytes, hex. */
export function newSalt(): string {
  return randomBytes(32).toString("hex");
}

/**
 * A visitor as the day knows them (Plausible's method): SHA-256 of the day's salt followed by the
 * site, the IP address and the User-Agent, truncated to 64 bits. The salt (32 random bytes, secret,
 * first in the hashed text) keys the hash: without it, and it is deleted once its day has ended, the
 * hash cannot be recomputed from an address, nor matched with another day's. One one-shot hash
 * (`crypto.hash`) costs about a quarter of an HMAC (decision 0022, "The visitor, cheaper").
 */
export function visitorHash(salt: string, site: string, ip: string, userAgent: string): string {
  return hash("sha256", `${salt}\n${site}\n${ip}\n${userAgent}`).slice(0, VISITOR_HASH_LENGTH);
}

/**
 * A visitor hash (16 hex digits) as `insight_visitors` stores it: the same 64 bits as a signed
 * bigint (two's complement: `8000000000000000` is the least, `ffffffffffffffff` is -1), in decimal.
 */
export function visitorAsBigint(visitor: string): string {
  return BigInt.asIntN(64, BigInt(`0x${visitor}`)).toString();
}

/** The stored bigint (decimal, as the database returns it) as the visitor hash it was. */
export function visitorFromBigint(stored: string | bigint): string {
  return BigInt.asUintN(64, BigInt(stored)).toString(16).padStart(VISITOR_HASH_LENGTH, "0");
}

/** Why a request is not counted, or null when it is. */
export type NotCounted = "do-not-track" | "global-privacy-control" | "bot";

type Headers = Record<string, string | string[] | undefined>;

/** isbot's answer per User-Agent, kept for the most recent ones (a visitor sends the same one each time). */
const botAnswers = new Map<string, boolean>();
const BOT_ANSWERS_MAX = 10_000;

function isBotAgent(userAgent: string): boolean {
  let answer = botAnswers.get(userAgent);
  if (answer === undefined) {
    answer = isbot(userAgent);
    if (botAnswers.size >= BOT_ANSWERS_MAX) botAnswers.delete(botAnswers.keys().next().value as string);
    botAnswers.set(userAgent, answer);
  }
  return answer;
}
const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/**
 * A visitor who asks not to be tracked (`DNT: 1`) or sends Global Privacy Control (`Sec-GPC: 1`)
 * is not counted; nor is a bot (the maintained isbot list, which includes headless browsers) or a
 * client that sends no User-Agent at all. `podcastApp`: the User-Agent is a podcast app's that the
 * download rules recognise (listening-app.ts); isbot's list takes some of them for bots
 * ("AntennaPod/3.4.0", Overcast's "+http://overcast.fm/"), so for those it is not asked.
 */
export function notCounted(headers: Headers, podcastApp = false): NotCounted | null {
  if (first(headers.dnt)?.trim() === "1") return "do-not-track";
  if (first(headers["sec-gpc"])?.trim() === "1") return "global-privacy-control";
  const userAgent = first(headers["user-agent"]);
  if (!userAgent?.trim() || (!podcastApp && isBotAgent(userAgent))) return "bot";
  return null;
}
