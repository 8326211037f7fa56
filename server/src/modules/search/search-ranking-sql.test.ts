import type { SearchKind } from "@waveform/contracts/search";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase, testEngine } from "../../test/test-database";
import { fullRowsSql, type RankedRow } from "./search.repository";
import { rowsOf, type SearchDocument, toRow } from "./search-document";
import { replaceSource } from "./search-index";
import { parseQuery, rankTier, TIER } from "./search-ranking";

/**
 * The ranking is SQL (`search_ranked`, db/repeatable/search-functions.sql); search-ranking.ts names
 * its tiers again in TypeScript, which the answer needs to order its groups (nameTier). Both run
 * here on the same documents, written as every writer writes them, and must agree on each one.
 */

let serial = 0;
const doc = (
  kind: SearchKind,
  title: string,
  fields: string[] = [],
  extra: Partial<SearchDocument> = {},
): SearchDocument => ({
  kind,
  key: String(++serial),
  title,
  subtitle: "",
  image: null,
  href: `/test/${serial}`,
  fields,
  ...extra,
});

const DOCUMENTS: SearchDocument[] = [
  // decision 0011's examples
  doc("track", "Crazy in Love", ["Beyoncé"], { names: ["Beyoncé"] }),
  doc("artist", "Beyoncé", ["R&B", "Pop"]),
  doc("artist", "José González", ["Indie Folk"]),
  doc("track", "Heartbeats", ["José González"], { names: ["José González"] }),
  doc("genre", "Electronic"),
  doc("artist", "Caribou", ["Electronic", "Indietronica"]),
  doc("artist", "Charli XCX", ["Pop", "Electropop"]),
  doc("genre", "R&B"),
  doc("genre", "Alternative R&B"),
  doc("genre", "Hip Hop"),
  doc("genre", "Lo-fi Hip Hop"),
  doc("artist", "Daft Punk", ["French House"]),
  doc("artist", "Kendrick Lamar", ["Hip Hop"]),
  doc("artist", "Claude Debussy", ["Classical"]),
  // The order among documents of one kind and tier: popularity, then recency, then title.
  doc("playlist", "Night Drive", ["synthwave for late night"], { popularity: 5 }),
  doc("playlist", "Late Night Jazz", [], { popularity: 0 }),
  doc("playlist", "Late Night Tales", ["late night"], { popularity: 90 }),
  doc("playlist", "Midnight Old", ["late night"], { popularity: 5, recency: new Date(Date.UTC(2020, 0, 1)) }),
  doc("playlist", "Midnight Recent", ["late night"], {
    popularity: 5,
    recency: new Date(Date.UTC(2026, 0, 1)),
  }),
  doc("playlist", "Midnight Undated", ["late night"], { popularity: 5 }),
  doc("playlist", "Midnight Popular", ["late night"], { popularity: 9 }),
  doc("playlist", "Electronica Essentials", ["electronic"], { popularity: 10_000 }),
  doc("playlist", "Electronic", [], { popularity: 0 }),
];

const QUERIES = [
  "beyonce",
  "jose gonzalez",
  "electr",
  "electronic",
  "rnb",
  "r and b",
  "hiphop",
  "lofi",
  "daft pnuk",
  "kendrik lamar",
  "debusy",
  "heartbeats",
  "beat",
  "heart",
  "late night",
  "night",
  "love crazy",
];

describe(`the ranking in SQL and in TypeScript on the same rows (${testEngine})`, () => {
  let database: TestDatabase;
  const byKey = new Map(DOCUMENTS.map((document) => [document.key, toRow("test:ranking", document)]));
  beforeAll(async () => {
    database = await createTestDatabase();
    await database.db.transaction((tx) => replaceSource(tx, "test:ranking", DOCUMENTS, false));
  });
  afterAll(() => database.close());

  const ranked = async (q: string, type?: SearchKind): Promise<RankedRow[]> =>
    rowsOf<RankedRow>(
      await database.db.execute(fullRowsSql(parseQuery(q), { q, type, limit: 100, offset: 0 })),
    );

  it.each(QUERIES)(
    "'%s': the same tier for every document, and every document of tiers 0-3 found",
    async (q) => {
      const query = parseQuery(q);
      const rows = await ranked(q);
      const inSql = new Map(rows.map((row) => [row.key, row.tier]));
      for (const [key, row] of byKey) {
        const inTypeScript = rankTier(query, {
          titleNorm: row.titleNorm,
          titleCompact: row.titleCompact,
          textNorm: row.textNorm,
        });
        if (inTypeScript < TIER.fuzzy) expect(inSql.get(key), `${q} → ${row.title}`).toBe(inTypeScript);
        // A document the tiers 0-3 leave is found, if at all, as a typo.
        else expect(inSql.get(key) ?? TIER.fuzzy, `${q} → ${row.title}`).toBe(TIER.fuzzy);
      }
    },
  );

  it("finds typos in the fuzzy tier, which TypeScript leaves to SQL", async () => {
    for (const [q, title] of [
      ["daft pnuk", "Daft Punk"],
      ["kendrik lamar", "Kendrick Lamar"],
      ["debusy", "Claude Debussy"],
    ] as const) {
      const row = (await ranked(q)).find((found) => found.title === title);
      expect(row?.tier, q).toBe(TIER.fuzzy);
    }
  });

  it("puts an exact title above a far more popular prefix", async () => {
    expect((await ranked("electronic", "playlist")).map((row) => row.title)).toEqual([
      "Electronic",
      "Electronica Essentials",
    ]);
  });

  it("orders a tier by popularity, then recency (undated last), then title", async () => {
    const titles = (await ranked("late night", "playlist"))
      .filter((row) => row.tier === TIER.words)
      .map((row) => row.title);
    expect(titles).toEqual([
      "Midnight Popular",
      "Midnight Recent",
      "Midnight Old",
      "Midnight Undated",
      "Night Drive",
    ]);
  });
});
