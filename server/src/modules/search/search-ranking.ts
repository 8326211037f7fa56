import { compactText, normaliseText, searchTokens } from "./search-text";

/**
 * What an answer computes in TypeScript around the ranking: the query's words, the tiers' names,
 * how well a result's name answers (the groups' order) and the letters to mark. The ranking itself,
 * tiers and order, is SQL: `search_ranked` in db/repeatable/search-functions.sql. rankTier states
 * its tiers again for nameTier; search-ranking-sql.test.ts runs both on the same rows.
 */

/** A query as the index sees it: its normalised words, and those words without spaces. */
export interface SearchQuery {
  text: string;
  words: string[];
  compact: string;
}

export function parseQuery(input: string): SearchQuery {
  const words = searchTokens(input).map((token) => token.text);
  return { text: words.join(" "), words, compact: words.join("") };
}

export const TIER = {
  /** The whole title, or the title without spaces ('hiphop' → Hip Hop). */
  exact: 0,
  /** The title, or a word of the title, starts with the query ('electr' → Electronic). */
  titlePrefix: 1,
  /** Every query word is a whole word of the document; the last may be the start of one. */
  words: 2,
  /** Every query word occurs somewhere inside the document's words. */
  inside: 3,
  /** Only similar (pg_trgm word similarity): typos. */
  fuzzy: 4,
} as const;
export type Tier = (typeof TIER)[keyof typeof TIER];

/** What of a document the rules read: its normalised title, title without spaces, and all its text. */
export interface RankedText {
  titleNorm: string;
  titleCompact: string;
  textNorm: string;
}

export function rankTier(query: SearchQuery, doc: RankedText): Tier {
  if (query.words.length === 0) return TIER.fuzzy;
  if (doc.titleNorm === query.text || doc.titleCompact === query.compact) return TIER.exact;
  if (
    doc.titleNorm.startsWith(query.text) ||
    doc.titleCompact.startsWith(query.compact) ||
    doc.titleNorm.includes(` ${query.text}`)
  )
    return TIER.titlePrefix;
  // Fields are one per line: a line break parts words as a space does.
  const docWords = new Set(doc.textNorm.split(/\s+/));
  const whole = query.words.slice(0, -1);
  const last = query.words[query.words.length - 1] ?? "";
  if (whole.every((word) => docWords.has(word)) && [...docWords].some((word) => word.startsWith(last)))
    return TIER.words;
  if (query.words.every((word) => doc.textNorm.includes(word)) || doc.titleCompact.includes(query.compact))
    return TIER.inside;
  return TIER.fuzzy;
}

/**
 * How well a result's name alone answers the query: exact, starts with it (or a word of it does),
 * or neither (it was found in its other text: a description, an artist, a subgenre list). Groups of
 * results are ordered by their best result's name, so a name that starts with what was typed is
 * never below a description that merely contains it ('electr': the genre Electronic before the
 * playlists that mention electronic music).
 */
export function nameTier(query: SearchQuery, title: string): Tier {
  const titleNorm = normaliseText(title);
  const tier = rankTier(query, { titleNorm, titleCompact: compactText(title), textNorm: titleNorm });
  return tier <= TIER.titlePrefix ? tier : TIER.words;
}

/** Where `needle` occurs in `haystack`: at a word start if it does anywhere, else anywhere. */
function occurrences(haystack: string, needle: string, wordStarts: Set<number>): number[] {
  const all: number[] = [];
  for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, at + 1)) all.push(at);
  const atStarts = all.filter((at) => wordStarts.has(at));
  return atStarts.length > 0 ? atStarts : all;
}

/**
 * The parts of `title` the query matched, as [start, end) offsets into the title (UTF-16), sorted
 * and merged, for marking the letters. Typos match nothing exactly and mark nothing.
 */
export function matchedRanges(title: string, query: SearchQuery): Array<[number, number]> {
  const tokens = searchTokens(title);
  let compact = "";
  const spans: Array<[number, number]> = [];
  const wordStarts = new Set<number>();
  for (const token of tokens) {
    wordStarts.add(compact.length);
    compact += token.text;
    spans.push(...token.spans);
  }
  const marked: Array<[number, number]> = [];
  // Each word is looked for in the title's words without spaces, so 'hiphop' marks 'Hip Hop'.
  for (const needle of new Set(query.words)) {
    for (const at of occurrences(compact, needle, wordStarts)) {
      const first = spans[at];
      const last = spans[at + needle.length - 1];
      if (first && last) marked.push([first[0], last[1]]);
    }
  }
  marked.sort((a, b) => a[0] - b[0]);
  const merged: Array<[number, number]> = [];
  for (const range of marked) {
    const previous = merged[merged.length - 1];
    if (previous && range[0] <= previous[1]) previous[1] = Math.max(previous[1], range[1]);
    else merged.push([range[0], range[1]]);
  }
  return merged;
}
