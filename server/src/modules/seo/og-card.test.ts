import { describe, expect, it } from "vitest";
import { cleanText, wrapText } from "./og-card";

// Every character 10 px wide: a line of 100 px holds 10 characters.
const measure = (line: string) => [...line].length * 10;

describe("card text", () => {
  it("wraps at word boundaries", () => {
    expect(wrapText("Late Night Lo-Fi Sessions", 100, 3, measure)).toEqual([
      "Late Night",
      "Lo-Fi",
      "Sessions",
    ]);
  });

  it("cuts the last line and ends it with an ellipsis, as CSS text-overflow does", () => {
    const lines = wrapText("one two three four five six seven eight nine ten", 100, 2, measure);
    expect(lines).toEqual(["one two", "three fou…"]);
    expect(lines.every((line) => measure(line) <= 100)).toBe(true);
  });

  it("breaks a word wider than a line between characters", () => {
    expect(wrapText("Supercalifragilistic", 100, 3, measure)).toEqual(["Supercalif", "ragilistic"]);
    expect(wrapText("x".repeat(500), 100, 2, measure)).toEqual(["x".repeat(10), `${"x".repeat(9)}…`]);
  });

  it("drops control characters and lone surrogates, keeps emoji, and folds whitespace", () => {
    expect(cleanText(" A\u0000B\tC\ud800 D 😀\n")).toBe("A B C D 😀");
  });
});
