import { describe, expect, it } from "vitest";
import {
  compareHits,
  matchedRanges,
  nameTier,
  parseQuery,
  type RankedHit,
  type RankedText,
  rankTier,
  TIER,
} from "./search-ranking";
import { compactText, normaliseText } from "./search-text";

/** A document as the index writes it: its title, and every field it is found by. */
const doc = (title: string, ...fields: string[]): RankedText => ({
  titleNorm: normaliseText(title),
  titleCompact: compactText(title),
  textNorm: normaliseText([title, ...fields].join("\n")),
});

const tier = (query: string, document: RankedText) => rankTier(parseQuery(query), document);
const marked = (title: string, query: string) =>
  matchedRanges(title, parseQuery(query)).map(([start, end]) => title.slice(start, end));

describe("rankTier: the issue's examples", () => {
  it("'beyonce' finds Beyoncé's track by its artist, a whole word", () => {
    expect(tier("beyonce", doc("Crazy in Love", "Beyoncé"))).toBe(TIER.words);
    expect(tier("Beyonce", doc("Beyoncé"))).toBe(TIER.exact);
  });

  it("'jose gonzalez' finds José González exactly", () => {
    expect(tier("jose gonzalez", doc("José González", "Indie Folk"))).toBe(TIER.exact);
    expect(tier("jose gonzalez", doc("Heartbeats", "José González"))).toBe(TIER.words);
  });

  it("'electr' finds Electronic as a prefix", () => {
    expect(tier("electr", doc("Electronic"))).toBe(TIER.titlePrefix);
    expect(tier("electr", doc("Caribou", "Electronic", "Indietronica"))).toBe(TIER.words);
    expect(tier("electr", doc("Charli XCX", "Pop", "Electropop"))).toBe(TIER.words);
  });

  it("'rnb' and 'r and b' find R&B exactly", () => {
    expect(tier("rnb", doc("R&B"))).toBe(TIER.exact);
    expect(tier("r and b", doc("R&B"))).toBe(TIER.exact);
    expect(tier("r&b", doc("Alternative R&B"))).toBe(TIER.titlePrefix);
  });

  it("'hiphop' finds Hip Hop exactly and 'lofi' finds Lo-fi Hip Hop as a prefix", () => {
    expect(tier("hiphop", doc("Hip Hop"))).toBe(TIER.exact);
    expect(tier("lofi", doc("Lo-fi Hip Hop"))).toBe(TIER.titlePrefix);
    expect(tier("hiphop", doc("Lo-fi Hip Hop"))).toBe(TIER.inside);
  });

  it("typos are left to the fuzzy tier ('daft pnuk', 'kendrik lamar', 'debusy')", () => {
    expect(tier("daft pnuk", doc("Daft Punk"))).toBe(TIER.fuzzy);
    expect(tier("kendrik lamar", doc("Kendrick Lamar"))).toBe(TIER.fuzzy);
    expect(tier("debusy", doc("Claude Debussy"))).toBe(TIER.fuzzy);
  });

  it("a query inside a word is below whole words", () => {
    expect(tier("beat", doc("Heartbeats", "José González"))).toBe(TIER.inside);
    expect(tier("heart", doc("Heartbeats"))).toBe(TIER.titlePrefix);
  });
});

describe("nameTier: how well a name alone answers", () => {
  const name = (query: string, title: string) => nameTier(parseQuery(query), title);
  it("tells an exact name and a name (or a word of it) that starts with the query", () => {
    expect(name("electronic", "Electronic")).toBe(TIER.exact);
    expect(name("hiphop", "Hip Hop")).toBe(TIER.exact);
    expect(name("electr", "Electronic")).toBe(TIER.titlePrefix);
    expect(name("night", "Late Night Circuits")).toBe(TIER.titlePrefix);
  });
  it("puts every other name below them, whatever its other text holds", () => {
    expect(name("electr", "Late Night Circuits")).toBe(TIER.words);
    expect(name("beat", "Heartbeats")).toBe(TIER.words);
    expect(name("", "Anything")).toBe(TIER.words);
  });
});

describe("compareHits", () => {
  const hit = (overrides: Partial<RankedHit>): RankedHit => ({
    tier: TIER.words,
    similarity: 0,
    popularity: 0,
    recency: null,
    title: "A",
    ...overrides,
  });

  it("puts an exact title above a far more popular prefix, word or fuzzy match", () => {
    const exact = hit({ tier: TIER.exact, popularity: 0, title: "Electronic" });
    const others = [
      hit({ tier: TIER.titlePrefix, popularity: 100 }),
      hit({ tier: TIER.words, popularity: 1000 }),
      hit({ tier: TIER.fuzzy, popularity: 10_000, similarity: 0.99 }),
    ];
    expect([...others, exact].sort(compareHits)[0]).toBe(exact);
  });

  it("orders tiers exact, prefix, words, inside, fuzzy", () => {
    const hits = [TIER.fuzzy, TIER.inside, TIER.exact, TIER.words, TIER.titlePrefix].map((t) =>
      hit({ tier: t }),
    );
    expect(hits.sort(compareHits).map((h) => h.tier)).toEqual([0, 1, 2, 3, 4]);
  });

  it("breaks ties by popularity, then recency, then title", () => {
    const old = hit({ popularity: 5, recency: Date.UTC(2020, 0, 1), title: "Old" });
    const recent = hit({ popularity: 5, recency: Date.UTC(2026, 0, 1), title: "Recent" });
    const popular = hit({ popularity: 9, recency: null, title: "Popular" });
    const undated = hit({ popularity: 5, recency: null, title: "Undated" });
    expect([undated, old, recent, popular].sort(compareHits).map((h) => h.title)).toEqual([
      "Popular",
      "Recent",
      "Old",
      "Undated",
    ]);
  });

  it("orders typos by similarity before popularity", () => {
    const close = hit({ tier: TIER.fuzzy, similarity: 0.8, title: "Close" });
    const far = hit({ tier: TIER.fuzzy, similarity: 0.6, popularity: 10, title: "Far" });
    expect([far, close].sort(compareHits)[0]).toBe(close);
  });
});

describe("matchedRanges", () => {
  it("marks the typed prefix in the original letters", () => {
    expect(marked("Electronic", "electr")).toEqual(["Electr"]);
    expect(marked("José González", "jose gonz")).toEqual(["José", "Gonz"]);
    expect(marked("Beyoncé", "beyonce")).toEqual(["Beyoncé"]);
  });

  it("marks symbol and spacing variants", () => {
    expect(marked("R&B", "r and b")).toEqual(["R&B"]);
    expect(marked("Alternative R&B", "rnb")).toEqual(["R&B"]);
    expect(marked("Hip Hop", "hiphop")).toEqual(["Hip Hop"]);
    expect(marked("Lo-fi Hip Hop", "lofi")).toEqual(["Lo-fi"]);
  });

  it("prefers word starts, and marks a match inside a word when there is none", () => {
    expect(marked("Beat Heartbeats", "beat")).toEqual(["Beat"]);
    expect(marked("Heartbeats", "beat")).toEqual(["beat"]);
  });

  it("marks nothing for a typo or an empty query", () => {
    expect(marked("Daft Punk", "daft pnuk")).toEqual(["Daft"]);
    expect(marked("Debussy", "debusy")).toEqual([]);
    expect(marked("Debussy", "!!!")).toEqual([]);
  });
});
