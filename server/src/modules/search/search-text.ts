/**
 * The one set of matching rules (docs/decisions/0011): the index stores text normalised by
 * `normaliseText`, and a query is normalised by the same function, so both sides always agree.
 */

/** Letters that Unicode does not decompose into a base letter and a mark. */
const UNDECOMPOSED: Record<string, string> = {
  ø: "o",
  æ: "ae",
  œ: "oe",
  ß: "ss",
  ł: "l",
  đ: "d",
  ð: "d",
  þ: "th",
  ı: "i",
  ħ: "h",
  ŧ: "t",
  ŋ: "n",
  ƒ: "f",
};

/** A word of normalised text and where it came from in the original (UTF-16 offsets). */
interface SearchToken {
  text: string;
  /** For each character of `text`: the original offsets it was made from, [start, end). */
  spans: Array<[number, number]>;
}

const APOSTROPHES = new Set(["'", "’", "‘", "ʼ"]);
const CONNECTORS = new Set(["&", "n", "and"]);

/** Case and accent folding of one original character: zero, one or more letters or digits. */
function fold(char: string): string {
  // ASCII, most of any text, without the Unicode work below (it gives the same answer): the
  // 100,000-item index normalises some 8 million characters.
  const code = char.charCodeAt(0);
  if (code < 0x80) {
    if ((code >= 0x61 && code <= 0x7a) || (code >= 0x30 && code <= 0x39) || code === 0x26) return char;
    if (code >= 0x41 && code <= 0x5a) return String.fromCharCode(code + 0x20);
    return "";
  }
  const lower = char.toLowerCase();
  const mapped = UNDECOMPOSED[lower];
  if (mapped) return mapped;
  // Letters without a decomposition (Cyrillic, CJK, …) stay as they are; only marks and
  // punctuation go.
  return lower.normalize("NFKD").replace(/[^\p{L}\p{N}&]/gu, "");
}

/**
 * Splits text into folded words; `&` is a word of its own, apostrophes join ("don't" → dont). With
 * `withSpans` false the spans stay empty: normalising text for the index needs only the words.
 */
function rawTokens(input: string, withSpans: boolean): SearchToken[] {
  const tokens: SearchToken[] = [];
  let current: SearchToken | null = null;
  let offset = 0;
  for (const char of input) {
    const start = offset;
    offset += char.length;
    if (APOSTROPHES.has(char) && current) continue;
    const folded = fold(char);
    if (folded === "" || folded === "&") {
      if (current) tokens.push(current);
      current = null;
      if (folded === "&") tokens.push({ text: "&", spans: withSpans ? [[start, offset]] : [] });
      continue;
    }
    current ??= { text: "", spans: [] };
    current.text += folded;
    if (withSpans) for (const _ of folded) current.spans.push([start, offset]);
  }
  if (current) tokens.push(current);
  return tokens;
}

const isLetter = (token: SearchToken | undefined): token is SearchToken =>
  token !== undefined && /^[a-z]$/.test(token.text);

/**
 * The words of a text as the index sees them: lower case, accents folded, punctuation gone.
 * Two single letters joined by '&', 'n' or 'and' are one word ('R&B', "R'n'B", 'r and b' → rnb);
 * any other '&' is the word 'and'.
 */
export function searchTokens(input: string, withSpans = true): SearchToken[] {
  const raw = rawTokens(input, withSpans);
  const out: SearchToken[] = [];
  for (let i = 0; i < raw.length; i++) {
    const token = raw[i] as SearchToken;
    const connector = raw[i + 1];
    const next = raw[i + 2];
    if (isLetter(token) && connector && CONNECTORS.has(connector.text) && isLetter(next)) {
      const joined = withSpans
        ? ([...token.spans, connector.spans[0] ?? [0, 0], ...next.spans] as SearchToken["spans"])
        : [];
      out.push({ text: `${token.text}n${next.text}`, spans: joined });
      i += 2;
      continue;
    }
    // Each letter of the word 'and' stands for the one '&'.
    const ampersand = token.spans[0] ?? [0, 0];
    const spans: SearchToken["spans"] = withSpans ? [ampersand, ampersand, ampersand] : [];
    out.push(token.text === "&" ? { text: "and", spans } : token);
  }
  return out;
}

/** Normalised text: the words of `searchTokens` joined by single spaces. */
export function normaliseText(input: string): string {
  return searchTokens(input, false)
    .map((token) => token.text)
    .join(" ");
}

/** Normalised text without spaces, so 'hiphop' meets 'Hip Hop' and 'lofi' meets 'lo-fi'. */
export function compactText(input: string): string {
  return searchTokens(input, false)
    .map((token) => token.text)
    .join("");
}
