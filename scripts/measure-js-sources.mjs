// Splits a built script's bytes by where they came from, read from its source map: a package name
// for code from node_modules, the file path for the app's own code. Used by measure-first-load-js.mjs.

const BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const digit = new Map([...BASE64].map((char, index) => [char, index]));

/** One segment of a source map's `mappings`: base64 VLQ numbers. */
export function decodeSegment(text) {
  const numbers = [];
  let value = 0;
  let shift = 0;
  for (const char of text) {
    const bits = digit.get(char);
    if (bits === undefined) throw new Error(`Not a base64 VLQ digit: ${char}`);
    value += (bits & 31) << shift;
    if (bits & 32) {
      shift += 5;
      continue;
    }
    numbers.push(value & 1 ? -(value >>> 1) : value >>> 1);
    value = 0;
    shift = 0;
  }
  return numbers;
}

/** `node_modules/@scope/name/…` → `@scope/name`; an app file → its path from the package root. */
export function sourceLabel(source) {
  const marker = source.lastIndexOf("node_modules/");
  if (marker >= 0) {
    const [first, second] = source.slice(marker + "node_modules/".length).split("/");
    return first.startsWith("@") ? `${first}/${second}` : first;
  }
  const app = source.search(/(client|contracts)\/src\//);
  return app >= 0 ? source.slice(app) : source.replace(/^(\.\.\/)+/, "");
}

/** Characters of `code` per source label (columns count UTF-16 units, as source maps do). */
export function attributeScript(code, map) {
  const shares = new Map();
  const add = (label, count) => {
    if (count > 0) shares.set(label, (shares.get(label) ?? 0) + count);
  };
  const lines = code.split("\n");
  const mappingLines = map.mappings.split(";");
  let sourceIndex = 0;
  for (let line = 0; line < lines.length; line++) {
    const text = lines[line];
    const segments = (mappingLines[line] ?? "").split(",").filter(Boolean);
    let column = 0;
    let owner = "(unmapped)";
    let start = 0;
    for (const segment of segments) {
      const numbers = decodeSegment(segment);
      column += numbers[0];
      add(owner, column - start);
      if (numbers.length > 1) {
        sourceIndex += numbers[1];
        owner = sourceLabel(map.sources[sourceIndex] ?? "(unknown)");
      } else {
        owner = "(unmapped)";
      }
      start = column;
      // The other fields (source line, column, name) are relative too but not needed here.
    }
    add(owner, text.length - start + 1);
  }
  return shares;
}
