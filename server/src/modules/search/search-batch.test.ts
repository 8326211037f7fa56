import type { SearchAnswer } from "@waveform/contracts/search";
import type { SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import { createTestApp, type TestApp } from "../../test/test-app";
import { testEngine } from "../../test/test-database";
import { createSearchRepository, type SearchRequest } from "./search.repository";

/** Typos, several words, a kind, a later page, and searches that find nothing: the full path. */
const FULL_PATH: SearchRequest[] = [
  { q: "heartbeats", limit: 3, offset: 0 },
  { q: "daft pnuk", limit: 3, offset: 0 },
  { q: "kendrik lamar", limit: 5, offset: 0, type: "track" },
  { q: "late night", limit: 2, offset: 2 },
  { q: "heartbeatz", limit: 3, offset: 0 },
  { q: "zzqxj wvvk", limit: 3, offset: 0 },
  { q: "hea 12345", limit: 3, offset: 0 },
  { q: "jose gonzalez", limit: 3, offset: 0 },
];
/** Prefixes and short words: read alone, not batched. */
const OTHER_PATHS: SearchRequest[] = [
  { q: "e", limit: 3, offset: 0 },
  { q: "r and b", limit: 3, offset: 0 },
  { q: "a b", limit: 3, offset: 0 },
];

/** The database, counting the statements a repository sends, and failing any that holds `poison`. */
function watched(db: Database, poison?: string) {
  const dialect = new PgDialect();
  const counted = { statements: 0 };
  const proxy = new Proxy(db, {
    get(target, name, receiver) {
      if (name !== "execute") return Reflect.get(target, name, receiver);
      return (statement: SQL) => {
        counted.statements++;
        const { params } = dialect.sqlToQuery(statement);
        if (poison && params.some((param) => String(param).includes(poison)))
          return Promise.reject(new Error("this search's statement failed"));
        return target.execute(statement);
      };
    },
  });
  return { db: proxy, counted };
}

describe(`searches answered together (${testEngine})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: true });
  });
  afterAll(() => t.close());

  it("answers every search of a batch exactly as it answers it alone, suggestions included", async () => {
    const alone = createSearchRepository(t.app.db);
    const asked = [...FULL_PATH, ...OTHER_PATHS];
    const expected = [];
    for (const request of asked) expected.push(await alone.search(request));
    // Something was found for most, and 'Did you mean' was offered for one that found nothing.
    expect(expected.filter((answer) => answer.groups.length > 0).length).toBeGreaterThan(5);
    expect(expected.some((answer) => answer.groups.length === 0 && answer.suggestion)).toBe(true);

    const { db, counted } = watched(t.app.db);
    const batched = createSearchRepository(db, { batch: true });
    // Asked at once, twice over in two orders: the first full-path search goes alone, the other 15
    // wait and go together; the prefix and short-word searches go alone each.
    const twice = [...asked, ...[...asked].reverse()];
    const answers = await Promise.all(twice.map((request) => batched.search(request)));
    expect(answers).toEqual([...expected, ...[...expected].reverse()]);
    expect(counted.statements).toBe(2 + 2 * OTHER_PATHS.length);
  });

  it("answers one query's pages at several offsets and kinds in one batch, each as its own", async () => {
    // The same words with other offsets and kinds: each page's candidates, counts and slice are its
    // own (migration 0017 ranks every page of a batch in one statement).
    const asked: SearchRequest[] = [
      { q: "electronic", limit: 1, offset: 0 },
      { q: "electronic", limit: 1, offset: 1 },
      { q: "electronic", limit: 1, offset: 40 },
      { q: "electronic", limit: 2, offset: 3, type: "artist" },
      { q: "kendrik lamar", limit: 3, offset: 0 },
      { q: "kendrik lamar", limit: 3, offset: 0, type: "track" },
    ];
    const alone = createSearchRepository(t.app.db);
    const expected: SearchAnswer[] = [];
    for (const request of asked) expected.push(await alone.search(request));
    const ids = (index: number) =>
      expected[index]?.groups.flatMap((group) => group.results.map((result) => result.id)) ?? [];
    expect(ids(0).length).toBeGreaterThan(0);
    expect(ids(1).length).toBeGreaterThan(0);
    expect(ids(1)).not.toEqual(ids(0));
    expect(expected[2]?.groups.flatMap((group) => group.results)).toEqual([]);
    expect(expected[3]?.groups.map((group) => [group.type, group.results.length])).toEqual([["artist", 2]]);
    expect(expected[5]?.groups.map((group) => group.type)).toEqual(["track"]);
    expect(expected[4]?.groups.length).toBeGreaterThan(1);

    const { db, counted } = watched(t.app.db);
    const batched = createSearchRepository(db, { batch: true });
    // The first goes alone; the other eleven wait and go together.
    const answers = await Promise.all([...asked, ...asked].map((request) => batched.search(request)));
    expect(answers).toEqual([...expected, ...expected]);
    expect(counted.statements).toBe(2);
  });

  it("fails only the search whose statement fails; its batch's others are answered", async () => {
    const alone = createSearchRepository(t.app.db);
    const expected = await Promise.all(FULL_PATH.map((request) => alone.search(request)));
    const { db } = watched(t.app.db, "explode");
    const batched = createSearchRepository(db, { batch: true });
    const asked = [
      ...FULL_PATH.slice(0, 4),
      { q: "explode here", limit: 3, offset: 0 },
      ...FULL_PATH.slice(4),
    ];
    const answers = await Promise.allSettled(asked.map((request) => batched.search(request)));
    expect(answers.filter((answer) => answer.status === "rejected")).toEqual([
      { status: "rejected", reason: new Error("this search's statement failed") },
    ]);
    expect(answers[4]?.status).toBe("rejected");
    expect(answers.filter((answer) => answer.status === "fulfilled").map((answer) => answer.value)).toEqual(
      expected,
    );
  });
});
