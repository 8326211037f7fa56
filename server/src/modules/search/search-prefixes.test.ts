import { describe, expect, it } from "vitest";
import type { SearchRow } from "./search-document";
import { compareCodePoints, PREFIX_LIST_MAX, prefixLists } from "./search-prefixes";
import { compactText, normaliseText } from "./search-text";

const row = (key: string, title: string, popularity = 0, recency: Date | null = null): SearchRow => ({
  kind: "track",
  key,
  source: "catalogue",
  title,
  subtitle: "",
  image: null,
  href: "/",
  popularity,
  recency,
  titleNorm: normaliseText(title),
  titleCompact: compactText(title),
  textNorm: normaliseText(title),
});

const listOf = (rows: SearchRow[], prefix: string) =>
  prefixLists(rows).find((list) => list.prefix === prefix && list.kind === "track");

describe("prefixLists", () => {
  it("lists each start of 1–3 letters of every title word and of the title without spaces", () => {
    const lists = prefixLists([row("1", "Hip Hop")]);
    expect(lists.map((list) => list.prefix).sort()).toEqual(["h", "hi", "hip", "ho", "hop"]);
    expect(listOf([row("1", "R&B")], "rnb")?.keys).toEqual(["1"]);
    expect(listOf([row("1", "A B C")], "abc")?.keys).toEqual(["1"]);
  });

  it("puts an exact title first, then popularity, recency, title and key", () => {
    const rows = [
      row("old", "Echo Old", 1, new Date("2020-01-01")),
      row("exact", "Ec", 0),
      row("new", "Echo New", 1, new Date("2026-01-01")),
      row("popular", "Electric", 5),
      row("b", "Eb", 0),
      row("a", "Ea", 0),
    ];
    expect(listOf(rows, "ec")?.keys).toEqual(["exact", "new", "old"]);
    expect(listOf(rows, "e")?.keys).toEqual(["popular", "new", "old", "a", "b", "exact"]);
  });

  it("counts every holder but keeps the first PREFIX_LIST_MAX keys, and a document once", () => {
    const rows = Array.from({ length: PREFIX_LIST_MAX + 20 }, (_, i) => row(String(i), `Song ${i}`, i));
    const list = listOf([...rows, rows[0] as SearchRow], "s");
    expect(list?.n).toBe(PREFIX_LIST_MAX + 20);
    expect(list?.keys).toHaveLength(PREFIX_LIST_MAX);
    expect(list?.keys[0]).toBe(String(PREFIX_LIST_MAX + 19));
  });
});

describe("compareCodePoints", () => {
  it("orders by code point, as PostgreSQL's C collation does", () => {
    const words = ["b", "a", "\u{1F3B5}", "\uFF21", "B", "ab", "é"];
    expect([...words].sort(compareCodePoints)).toEqual(["B", "a", "ab", "b", "é", "\uFF21", "\u{1F3B5}"]);
  });
});
