import { describe, expect, it } from "vitest";
import { BOT_ANSWERS_MAX_BYTES, botAnswersHeld, notCounted } from "./visitor";

const CHROME =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

describe("the bot check's cache", () => {
  it("holds a bounded number of bytes however long and many the User-Agents are", () => {
    // 3,000 distinct User-Agents of 15 KB each: 90 MB of keys if they were kept (the review's
    // 10,000 held 155 MB; isbot reading each one costs ~1 ms, so the test sends fewer).
    const filler = "x".repeat(15 * 1024);
    for (let i = 0; i < 3000; i++) {
      const browser = `${CHROME} ${i} ${filler}`;
      expect(notCounted({ "user-agent": browser })).toBeNull();
    }
    const held = botAnswersHeld();
    expect(held.bytes).toBeLessThanOrEqual(BOT_ANSWERS_MAX_BYTES);
    expect(BOT_ANSWERS_MAX_BYTES).toBeLessThanOrEqual(8 * 1024 * 1024);
    // No long User-Agent is kept as it was sent.
    expect(held.longestKey).toBeLessThan(1024);
    expect(held.entries).toBeGreaterThan(0);
  });

  it("still answers right for long and short User-Agents, cached or not", () => {
    const padding = " ".concat("y".repeat(16_000));
    for (let round = 0; round < 2; round++) {
      expect(notCounted({ "user-agent": CHROME })).toBeNull();
      expect(notCounted({ "user-agent": `${CHROME}${padding}` })).toBeNull();
      expect(notCounted({ "user-agent": `Googlebot/2.1${padding}` })).toBe("bot");
      expect(notCounted({ "user-agent": "curl/8.5.0" })).toBe("bot");
    }
  });

  it("forgets the oldest answers once its byte bound is reached", () => {
    for (let i = 0; i < 30_000; i++) notCounted({ "user-agent": `${CHROME} build/${i} ${"z".repeat(400)}` });
    const held = botAnswersHeld();
    expect(held.bytes).toBeLessThanOrEqual(BOT_ANSWERS_MAX_BYTES);
    expect(held.entries).toBeLessThanOrEqual(10_000);
  });
});
