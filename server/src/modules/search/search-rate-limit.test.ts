import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app";
import { testEngine } from "../../test/test-database";
import { SEARCH_RATE_LIMIT } from "./search.routes";

const LIMIT = SEARCH_RATE_LIMIT.max;

/**
 * The results page (/search?q=) runs the search it shows, on the server: it counts against the
 * same per-visitor limit as GET /api/search, one counter for both, so a visitor cannot search
 * without limit by asking for pages instead.
 */
describe.each(["memory", "database"] as const)(
  `one search limit for the API and the results page (%s store, ${testEngine})`,
  (store) => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ seed: true, env: { RATE_LIMIT_STORE: store } });
    });
    afterAll(() => t.close());

    const page = (remoteAddress: string, n: number) =>
      t.app.inject({ url: `/search?q=r${n % 7}`, remoteAddress });
    const api = (remoteAddress: string, n: number) =>
      t.app.inject({ url: `/api/search?q=r${n % 7}`, remoteAddress });

    /** `count` requests made 50 at a time; their statuses. */
    async function spend(count: number, ask: (n: number) => Promise<{ statusCode: number }>) {
      const statuses: number[] = [];
      for (let n = 0; n < count; n += 50) {
        const batch = await Promise.all(
          Array.from({ length: Math.min(50, count - n) }, (_, k) => ask(n + k)),
        );
        statuses.push(...batch.map((response) => response.statusCode));
      }
      return statuses;
    }

    it("refuses the API once the visitor has spent the limit on results pages", async () => {
      expect(new Set(await spend(LIMIT, (n) => page("203.0.113.21", n)))).toEqual(new Set([200]));
      const refused = await api("203.0.113.21", 0);
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
      expect((await page("203.0.113.21", 1)).statusCode).toBe(429);
      // Another visitor has a counter of its own.
      expect((await api("203.0.113.22", 0)).statusCode).toBe(200);
    });

    it("refuses results pages once the visitor has spent the limit on the API", async () => {
      expect(new Set(await spend(LIMIT, (n) => api("203.0.113.31", n)))).toEqual(new Set([200]));
      const refused = await page("203.0.113.31", 0);
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
      expect((await page("203.0.113.32", 0)).statusCode).toBe(200);
    });

    it("counts both together: half the limit on each spends it", async () => {
      await spend(LIMIT / 2, (n) => api("203.0.113.41", n));
      await spend(LIMIT / 2, (n) => page("203.0.113.41", n));
      expect((await api("203.0.113.41", 0)).statusCode).toBe(429);
    });
  },
);
