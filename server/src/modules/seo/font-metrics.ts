import { readFileSync } from "node:fs";

/**
 * Advance widths read from a TrueType/OpenType file (its `cmap`, `hmtx`, `hhea` and `head` tables),
 * so card text can be wrapped before resvg draws it: SVG text does not wrap, and resvg has no call
 * that measures text. Kerning is left out, which errs on the wide side (it mostly tightens).
 */
interface FontMetrics {
  /** Width of `text` at `fontSize` pixels. */
  width(text: string, fontSize: number): number;
}

function tables(font: Buffer): Map<string, number> {
  const offsets = new Map<string, number>();
  const count = font.readUInt16BE(4);
  for (let i = 0; i < count; i++) {
    const record = 12 + i * 16;
    offsets.set(font.toString("latin1", record, record + 4), font.readUInt32BE(record + 8));
  }
  return offsets;
}

/** Code point → glyph id from the best Unicode subtable: format 12 (all planes) or format 4 (BMP). */
function glyphIds(font: Buffer, cmap: number): Map<number, number> {
  const ids = new Map<number, number>();
  const subtables: { format: number; offset: number }[] = [];
  for (let i = 0; i < font.readUInt16BE(cmap + 2); i++) {
    const record = cmap + 4 + i * 8;
    const platform = font.readUInt16BE(record);
    const encoding = font.readUInt16BE(record + 2);
    if (platform !== 0 && !(platform === 3 && (encoding === 1 || encoding === 10))) continue;
    const offset = cmap + font.readUInt32BE(record + 4);
    subtables.push({ format: font.readUInt16BE(offset), offset });
  }
  const full = subtables.find((table) => table.format === 12);
  if (full) {
    const groups = font.readUInt32BE(full.offset + 12);
    for (let g = 0; g < groups; g++) {
      const group = full.offset + 16 + g * 12;
      const start = font.readUInt32BE(group);
      const end = font.readUInt32BE(group + 4);
      const glyph = font.readUInt32BE(group + 8);
      for (let code = start; code <= end; code++) ids.set(code, glyph + code - start);
    }
    return ids;
  }
  const bmp = subtables.find((table) => table.format === 4);
  if (!bmp) return ids;
  const segments = font.readUInt16BE(bmp.offset + 6) / 2;
  const ends = bmp.offset + 14;
  const starts = ends + segments * 2 + 2;
  const deltas = starts + segments * 2;
  const rangeOffsets = deltas + segments * 2;
  for (let s = 0; s < segments; s++) {
    const start = font.readUInt16BE(starts + s * 2);
    const end = font.readUInt16BE(ends + s * 2);
    const delta = font.readInt16BE(deltas + s * 2);
    const rangeOffset = font.readUInt16BE(rangeOffsets + s * 2);
    for (let code = start; code <= end && code !== 0xffff; code++) {
      let glyph: number;
      if (rangeOffset === 0) glyph = (code + delta) & 0xffff;
      else {
        const at = rangeOffsets + s * 2 + rangeOffset + (code - start) * 2;
        const raw = font.readUInt16BE(at);
        glyph = raw === 0 ? 0 : (raw + delta) & 0xffff;
      }
      if (glyph !== 0) ids.set(code, glyph);
    }
  }
  return ids;
}

export function loadFontMetrics(path: string): FontMetrics {
  const font = readFileSync(path);
  const offsets = tables(font);
  const at = (tag: string) => {
    const offset = offsets.get(tag);
    if (offset === undefined) throw new Error(`${path}: no ${tag} table`);
    return offset;
  };
  const unitsPerEm = font.readUInt16BE(at("head") + 18);
  const advanceCount = font.readUInt16BE(at("hhea") + 34);
  const hmtx = at("hmtx");
  const ids = glyphIds(font, at("cmap"));
  // Glyphs past the last long metric share its advance (the `hmtx` table's rule).
  const advanceOf = (glyph: number) => font.readUInt16BE(hmtx + Math.min(glyph, advanceCount - 1) * 4);
  const advances = new Map<number, number>();
  for (const [code, glyph] of ids) advances.set(code, advanceOf(glyph));
  // Characters the font lacks are drawn as its missing-glyph box.
  const missing = advanceOf(0);

  return {
    width(text, fontSize) {
      let units = 0;
      for (const char of text) units += advances.get(char.codePointAt(0) ?? 0) ?? missing;
      return (units / unitsPerEm) * fontSize;
    },
  };
}
