import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app";
import { testEngine } from "../../test/test-database";
import { createSearchRepository } from "./search.repository";

/** Prefixes, typos, several words, a kind, a later page, and searches that find nothing. */
const ASKED = [
  { q: "e", limit: 3, offset: 0 },
  { q: "heartbeats", limit: 3, offset: 0 },
  { q: "daft pnuk", limit: 3, offset: 0 },
  { q: "kendrik lamar", limit: 5, offset: 0, type: "track" as const },
  { q: "late night", limit: 2, offset: 2 },
  { q: "r and b", limit: 3, offset: 0 },
  { q: "heartbeatz", limit: 3, offset: 0 },
  { q: "zzqxj wvvk", limit: 3, offset: 0 },
  { q: "hea 12345", limit: 3, offset: 0 },
  { q: "jose gonzalez", limit: 3, offset: 0 },
];

describe(`searches answered together (${testEngine})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: true });
  });
  afterAll(() => t.close());

  it("answers every search of a batch exactly as it answers it alone, suggestions included", async () => {
    const alone = createSearchRepository(t.app.db);
    const expected = [];
    for (const request of ASKED) expected.push(await alone.search(request));
    // Something was found for most, and 'Did you mean' was offered for one that found nothing.
    expect(expected.filter((answer) => answer.groups.length > 0).length).toBeGreaterThan(5);
    expect(expected.some((answer) => answer.groups.length === 0 && answer.suggestion)).toBe(true);

    let statements = 0;
    const counted = new Proxy(t.app.db, {
      get(db, name, receiver) {
        if (name !== "execute") return Reflect.get(db, name, receiver);
        return (...args: Parameters<typeof db.execute>) => {
          statements++;
          return db.execute(...args);
        };
      },
    });
    const batched = createSearchRepository(counted, { batch: true });
    // Asked at once: the first goes alone, the rest wait and go together (twice over, in any order).
    const asked = [...ASKED, ...[...ASKED].reverse()];
    const answers = await Promise.all(asked.map((request) => batched.search(request)));
    expect(answers).toEqual([...expected, ...[...expected].reverse()]);
    expect(statements).toBe(2);
  });
});
