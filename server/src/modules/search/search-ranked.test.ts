import { SEARCH_KINDS } from "@waveform/contracts/search";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client";
import { createTestDatabase, createThreadedPglite, testEngine } from "../../test/test-database";
import { createSearchRepository, fullRowsSql, type SearchRequest } from "./search.repository";
import { rowsOf } from "./search-document";
import { parseQuery } from "./search-ranking";

describe(`search_ranked (db/repeatable/search-functions.sql) on ${testEngine}`, () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    // A connection that has not loaded pg_trgm yet: a new pool on PostgreSQL, a session opened
    // afresh on PGlite (in its own thread, as the server runs it).
    database =
      testEngine === "postgres"
        ? await createTestDatabase({ seed: true })
        : await createThreadedPglite({ seed: true });
  });
  afterAll(() => database.close());

  // The function reads pg_trgm's typo threshold, a setting a session has only once pg_trgm's library
  // is loaded there: the function sets it on entry, so a typo search can be a connection's first
  // statement. First in this file on purpose.
  it("finds typos with the first statement the connection runs", async () => {
    const rows = rowsOf<{ title: string; kind: string }>(
      await database.db.execute(
        fullRowsSql(parseQuery("daft pnuk"), { q: "daft pnuk", limit: 3, offset: 0 }),
      ),
    );
    expect(rows.find((row) => row.kind === "artist")?.title).toBe("Daft Punk");
  });

  /**
   * The rows migration 0015 kept, by its own condition: every word inside the text, the query
   * without spaces inside the title without spaces, or a typo of the title or the names (pg_trgm's
   * operators, at the session's threshold, the default 0.6 that 0016 and 0017 pin).
   */
  async function matchedBy0015(q: string, type?: string): Promise<string[]> {
    const query = parseQuery(q);
    const inside = `{${query.words.map((word) => `"%${word}%"`).join(",")}}`;
    const rows = rowsOf<{ id: string }>(
      await database.db.execute(sql`
        select d.kind || '/' || d.key as id from search_documents d
        where (d.text_norm like all (${inside}::text[]) or d.title_compact like ${`%${query.compact}%`}
            or ${query.text} <% d.title_norm or ${query.text} <% d.names_norm)
          and (${type ?? null}::text is null or d.kind = ${type ?? null}::text)`),
    );
    return rows.map((row) => row.id).sort();
  }

  // 'midnight zqxv': the trigram index reads the longest word's rows ('midnight'), which the tiers
  // do not take; only a typo's similarity may keep them. Several words, typos, a kind, and a page.
  it.each([
    ["midnight zqxv", undefined],
    ["midnight zqxv", "track"],
    ["daft pnuk", undefined],
    ["kendrik lamar", undefined],
    ["late night", undefined],
    ["green room sessions", "podcast"],
    ["jazz", undefined],
    ["sessions zqxv", undefined],
  ] as const)("keeps exactly the rows 0015's condition kept: '%s' (%s)", async (q, type) => {
    const rows = rowsOf<{ kind: string; key: string; total: number }>(
      await database.db.execute(fullRowsSql(parseQuery(q), { q, type, limit: 1000, offset: 0 })),
    );
    const expected = await matchedBy0015(q, type);
    expect(rows.map((row) => `${row.kind}/${row.key}`).sort()).toEqual(expected);
    for (const row of rows)
      expect(row.total).toBe(expected.filter((id) => id.startsWith(`${row.kind}/`)).length);
    const past = await database.db.execute(
      fullRowsSql(parseQuery(q), { q, type, limit: 5, offset: expected.length }),
    );
    expect(rowsOf(past)).toEqual([]);
  });

  // search_pages shapes each page of a batch around search_ranked: an answer's results, kind by
  // kind, are that page's ranked rows in their order, with their kind's count.
  it("answers each page of a batch with its ranked rows, in order, with the counts", async () => {
    const asked: SearchRequest[] = [
      { q: "electronic", limit: 2, offset: 0 },
      { q: "electronic", limit: 2, offset: 1 },
      { q: "late night", limit: 5, offset: 0 },
      { q: "kendrik lamar", limit: 5, offset: 0 },
      { q: "daft pnuk", limit: 5, offset: 0, type: "artist" },
      { q: "sessions", limit: 3, offset: 0 },
      { q: "midnight zqxv", limit: 5, offset: 0 },
    ];
    const search = createSearchRepository(database.db, { batch: true });
    const answers = await Promise.all(asked.map((request) => search.search(request)));
    for (const [index, request] of asked.entries()) {
      const rows = rowsOf<{ kind: string; key: string; total: number }>(
        await database.db.execute(fullRowsSql(parseQuery(request.q), request)),
      );
      const ranked = SEARCH_KINDS.flatMap((kind) =>
        rows.filter((row) => row.kind === kind).map((row) => `${row.kind}/${row.key}/${row.total}`),
      );
      // Groups come best name first (search.repository.ts); within each kind, the ranked rows.
      const groups = answers[index]?.groups ?? [];
      const answered = SEARCH_KINDS.flatMap((kind) =>
        groups
          .filter((group) => group.type === kind)
          .flatMap((group) => group.results.map((result) => `${result.type}/${result.id}/${group.count}`)),
      );
      expect(answered, request.q).toEqual(ranked);
    }
    expect(answers.filter((answer) => answer.groups.length > 0).length).toBeGreaterThan(4);
  });
});
