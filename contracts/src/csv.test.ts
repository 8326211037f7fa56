import { describe, expect, it } from "vitest";
import { toCsv } from "./csv";

/** A small RFC 4180 reader, so the tests check that what we write reads back as the same cells. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ",") {
      row.push(field);
      field = "";
    } else if (char === "\n") {
      rows.push([...row, field]);
      row = [];
      field = "";
    } else field += char;
  }
  return rows;
}

describe("toCsv", () => {
  it("writes a header and rows, one record per line, each ending in \\n", () => {
    expect(
      toCsv([
        ["rank", "title"],
        [1, "Signal Fire"],
      ]),
    ).toBe("rank,title\n1,Signal Fire\n");
  });

  it.each([
    ['say "hi"', '"say ""hi"""'],
    ["a,b", '"a,b"'],
    ["line\nbreak", '"line\nbreak"'],
    ["carriage\rreturn", '"carriage\rreturn"'],
    ["crlf\r\ninside", '"crlf\r\ninside"'],
    ['"', '""""'],
  ])("quotes %j as %j", (value, written) => {
    expect(toCsv([[value]])).toBe(`${written}\n`);
  });

  it.each([
    ["plain", "plain"],
    [" spaces kept ", " spaces kept "],
    ["=1+1", "=1+1"],
    [-3, "-3"],
    [4.5, "4.5"],
    [true, "true"],
    [null, ""],
    [undefined, ""],
    ["", ""],
  ])("writes %j as %j", (value, written) => {
    expect(toCsv([[value]])).toBe(`${written}\n`);
  });

  it("reads back as the same cells", () => {
    const rows = [
      ["email", "note"],
      ["ann@example.com", 'She said "yes, please"\r\nthen left'],
      ["", ",,,"],
    ];
    expect(parseCsv(toCsv(rows))).toEqual(rows);
  });

  it("writes nothing for no rows", () => {
    expect(toCsv([])).toBe("");
  });
});
