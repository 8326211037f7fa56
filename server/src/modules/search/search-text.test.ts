import { describe, expect, it } from "vitest";
import { compactText, normaliseText, searchTokens } from "./search-text";

describe("normaliseText", () => {
  it.each([
    ["Beyoncé", "beyonce"],
    ["beyonce", "beyonce"],
    ["José González", "jose gonzalez"],
    ["jose gonzalez", "jose gonzalez"],
    ["ELECTRONIC", "electronic"],
    ["R&B", "rnb"],
    ["r and b", "rnb"],
    ["R & B", "rnb"],
    ["R'n'B", "rnb"],
    ["rnb", "rnb"],
    ["Contemporary R&B", "contemporary rnb"],
    ["Drum & Bass", "drum and bass"],
    ["Hip Hop", "hip hop"],
    ["Hip-Hop", "hip hop"],
    ["Lo-fi Hip Hop", "lo fi hip hop"],
    ["Don't Stop", "dont stop"],
    ["HUMBLE.", "humble"],
    ["H.E.R.", "h e r"],
    ["Øyvind Straße Łódź", "oyvind strasse lodz"],
    ["Late Night Circuits 2×LP", "late night circuits 2 lp"],
    ["  many   spaces\tand\nlines ", "many spaces and lines"],
    ["Кино", "кино"],
    ["<script>alert(1)</script>", "script alert 1 script"],
    ["", ""],
    ["\u0000\u0007", ""],
  ])("%j → %j", (input, expected) => {
    expect(normaliseText(input)).toBe(expected);
  });
});

describe("compactText", () => {
  it.each([
    ["Hip Hop", "hiphop"],
    ["hiphop", "hiphop"],
    ["Lo-fi", "lofi"],
    ["lofi", "lofi"],
    ["R&B", "rnb"],
  ])("%j → %j", (input, expected) => {
    expect(compactText(input)).toBe(expected);
  });
});

describe("searchTokens", () => {
  it("keeps, for each letter, the offsets of the original character it came from", () => {
    const [token] = searchTokens("Beyoncé");
    expect(token?.text).toBe("beyonce");
    expect(token?.spans[6]).toEqual([6, 7]);
  });

  it("maps a decomposed accent (e + combining acute) to both code units", () => {
    const [token] = searchTokens("Beyonce\u0301!");
    expect(token?.text).toBe("beyonce");
    expect(token?.spans.at(-1)).toEqual([6, 7]);
  });

  it("maps R&B's one word to all three characters", () => {
    const [token] = searchTokens("R&B");
    expect(token?.spans).toEqual([
      [0, 1],
      [1, 2],
      [2, 3],
    ]);
  });
});

describe("the ASCII fast path", () => {
  it("folds every ASCII character as the Unicode path does", () => {
    for (let code = 0; code < 0x80; code++) {
      const char = String.fromCharCode(code);
      const unicode = char
        .toLowerCase()
        .normalize("NFKD")
        .replace(/[^\p{L}\p{N}&]/gu, "");
      const expected =
        char === "'" ? "xxyy" : unicode === "" ? "xx yy" : unicode === "&" ? "xx and yy" : `xx${unicode}yy`;
      expect(normaliseText(`xx${char}yy`), `U+${code.toString(16)}`).toBe(expected);
    }
  });
});
