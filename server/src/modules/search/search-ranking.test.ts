import { describe, expect, it } from "vitest";
import { matchedRanges, nameTier, parseQuery, type RankedText, rankTier, TIER } from "./search-ranking";
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
