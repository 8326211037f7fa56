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
type NotCounted = "do-not-track" | "global-privacy-control" | "bot";

type Headers = Record<string, string | string[] | undefined>;

/**
 * isbot's answer per User-Agent, kept for the most recent ones (a visitor sends the same one each
 * time), bounded by the memory it holds, not only by its number of entries: a client may send
 * thousands of distinct 15 KB User-Agents. One longer than a browser's ever is is kept under its
 * SHA-256 instead (`\0` first: a header never holds a NUL, so no real User-Agent is such a key).
 */
const botAnswers = new Map<string, boolean>();
/** User-Agents up to this many characters are their own key (real ones are 100–300). */
const BOT_KEY_MAX_CHARS = 512;
/** What one entry costs beyond its key's characters (the Map's slot, the string's header), roughly. */
const BOT_ENTRY_OVERHEAD_BYTES = 64;
const BOT_ANSWERS_MAX_ENTRIES = 10_000;
/** The cache's bound: its keys (two bytes a character, as V8 may hold them) and entries' overhead. */
export const BOT_ANSWERS_MAX_BYTES = 4 * 1024 * 1024;
let botAnswerBytes = 0;

const entryBytes = (key: string) => key.length * 2 + BOT_ENTRY_OVERHEAD_BYTES;

/** What the bot-check cache holds now (tests). */
export function botAnswersHeld(): { entries: number; bytes: number; longestKey: number } {
  let longestKey = 0;
  for (const key of botAnswers.keys()) longestKey = Math.max(longestKey, key.length);
  return { entries: botAnswers.size, bytes: botAnswerBytes, longestKey };
}

function isBotAgent(userAgent: string): boolean {
  const key = userAgent.length <= BOT_KEY_MAX_CHARS ? userAgent : `\0${hash("sha256", userAgent, "base64")}`;
  let answer = botAnswers.get(key);
  if (answer === undefined) {
    answer = isbot(userAgent);
    botAnswers.set(key, answer);
    botAnswerBytes += entryBytes(key);
    while (botAnswers.size > BOT_ANSWERS_MAX_ENTRIES || botAnswerBytes > BOT_ANSWERS_MAX_BYTES) {
      const oldest = botAnswers.keys().next().value as string;
      botAnswers.delete(oldest);
      botAnswerBytes -= entryBytes(oldest);
    }
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
