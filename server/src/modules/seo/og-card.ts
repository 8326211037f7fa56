import { OG_IMAGE_HEIGHT as HEIGHT, OG_IMAGE_WIDTH as WIDTH } from "@waveform/contracts/og";
import { escapeXml } from "./sitemap-xml";

/** What one link-preview card shows. */
export interface OgCard {
  /** Small capitals above the title ("Playlist"); none on page cards. */
  label?: string;
  title: string;
  subtitle?: string;
  /** The item's generated artwork (an SVG document), drawn as the square on the left. */
  artworkSvg: string;
  siteName: string;
}

export interface CardFonts {
  /** The family name inside the font files, for font-family. */
  family: string;
  regular: { width(text: string, fontSize: number): number };
  bold: { width(text: string, fontSize: number): number };
}

const ART = { x: 60, y: 75, size: 480 };
const TEXT_X = 600;
const TEXT_WIDTH = WIDTH - TEXT_X - 60;
const TITLE = { size: 56, lineHeight: 66, maxLines: 3 };
const SUBTITLE = { size: 30, lineHeight: 40, maxLines: 2 };
const LABEL = { size: 24, gap: 22 };
const FOOTER_BASELINE = ART.y + ART.size - 8;
const ELLIPSIS = "…";
const COLORS = {
  backgroundFrom: "#16121f",
  backgroundTo: "#241a3d",
  label: "#b69cff",
  title: "#ffffff",
  subtitle: "#cfc9e0",
  footer: "#ece8f5",
  brand: "#7c3aed",
};

/** Feed and catalogue text made safe for one SVG line: no control characters, single spaces. */
export function cleanText(text: string): string {
  return text
    .replace(/[\p{Cc}\p{Cs}\p{Noncharacter_Code_Point}]/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * Greedy word wrap into at most `maxLines` lines of `maxWidth`; a word wider than a line is broken
 * between characters, and text that does not fit ends its last line with an ellipsis.
 */
export function wrapText(
  text: string,
  maxWidth: number,
  maxLines: number,
  measure: (line: string) => number,
): string[] {
  const lines: string[] = [];
  let current = "";
  for (const word of cleanText(text).split(" ")) {
    if (lines.length > maxLines) break;
    const candidate = current ? `${current} ${word}` : word;
    if (measure(candidate) <= maxWidth) {
      current = candidate;
      continue;
    }
    if (current) lines.push(current);
    current = word;
    while (measure(current) > maxWidth && lines.length <= maxLines) {
      const chars = [...current];
      let fits = 1;
      while (fits < chars.length && measure(chars.slice(0, fits + 1).join("")) <= maxWidth) fits++;
      lines.push(chars.slice(0, fits).join(""));
      current = chars.slice(fits).join("");
    }
  }
  if (current) lines.push(current);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  let last = [...(kept[maxLines - 1] ?? "")];
  while (last.length > 0 && measure(`${last.join("")}${ELLIPSIS}`) > maxWidth) last = last.slice(0, -1);
  kept[maxLines - 1] = `${last.join("").replace(/[\s,;:.–—-]+$/u, "")}${ELLIPSIS}`;
  return kept;
}

const textLines = (lines: string[], y: number, step: number, attributes: string) =>
  lines
    .map(
      (line, index) => `<text x="${TEXT_X}" y="${y + index * step}" ${attributes}>${escapeXml(line)}</text>`,
    )
    .join("");

/** The 1200×630 card as SVG: artwork square on the left, label, title and subtitle on the right. */
export function ogCardSvg(card: OgCard, fonts: CardFonts): string {
  const title = wrapText(card.title, TEXT_WIDTH, TITLE.maxLines, (line) =>
    fonts.bold.width(line, TITLE.size),
  );
  const subtitle = card.subtitle
    ? wrapText(card.subtitle, TEXT_WIDTH, SUBTITLE.maxLines, (line) =>
        fonts.regular.width(line, SUBTITLE.size),
      )
    : [];
  const label = card.label ? cleanText(card.label).toUpperCase() : "";
  // The label, title and subtitle are centred as one block beside the artwork, above the footer.
  const labelHeight = label ? LABEL.size + LABEL.gap : 0;
  const titleHeight = title.length * TITLE.lineHeight;
  const subtitleHeight = subtitle.length ? 16 + subtitle.length * SUBTITLE.lineHeight : 0;
  const blockTop = ART.y + Math.max(0, (ART.size - 70 - labelHeight - titleHeight - subtitleHeight) / 2);
  const titleTop = blockTop + labelHeight;
  const subtitleTop = titleTop + titleHeight + 16;
  const artwork = `data:image/svg+xml;base64,${Buffer.from(card.artworkSvg).toString("base64")}`;
  const font = `font-family="${escapeXml(fonts.family)}"`;

  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">`,
    "<defs>",
    `<linearGradient id="og-bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${COLORS.backgroundFrom}"/><stop offset="1" stop-color="${COLORS.backgroundTo}"/></linearGradient>`,
    `<clipPath id="og-art"><rect x="${ART.x}" y="${ART.y}" width="${ART.size}" height="${ART.size}" rx="28"/></clipPath>`,
    "</defs>",
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#og-bg)"/>`,
    `<image href="${artwork}" x="${ART.x}" y="${ART.y}" width="${ART.size}" height="${ART.size}" preserveAspectRatio="xMidYMid slice" clip-path="url(#og-art)"/>`,
    label
      ? `<text x="${TEXT_X}" y="${blockTop + LABEL.size}" ${font} font-size="${LABEL.size}" font-weight="700" letter-spacing="3" fill="${COLORS.label}">${escapeXml(label)}</text>`
      : "",
    textLines(
      title,
      titleTop + TITLE.size,
      TITLE.lineHeight,
      `${font} font-size="${TITLE.size}" font-weight="700" fill="${COLORS.title}"`,
    ),
    textLines(
      subtitle,
      subtitleTop + SUBTITLE.size,
      SUBTITLE.lineHeight,
      `${font} font-size="${SUBTITLE.size}" fill="${COLORS.subtitle}"`,
    ),
    // The favicon's mark, then the site name, along the artwork's bottom edge.
    `<g transform="translate(${TEXT_X} ${FOOTER_BASELINE - 34}) scale(1.4)"><rect width="32" height="32" rx="8" fill="${COLORS.brand}"/><path d="M6 16h3l2-6 4 12 3-9 2 5 2-2h4" fill="none" stroke="#fff" stroke-width="2.4" stroke-linecap="round" stroke-linejoin="round"/></g>`,
    textLines(
      wrapText(card.siteName, TEXT_WIDTH - 64, 1, (line) => fonts.bold.width(line, 30)),
      FOOTER_BASELINE,
      0,
      `${font} font-size="30" font-weight="700" fill="${COLORS.footer}" transform="translate(64 0)"`,
    ),
    "</svg>",
  ].join("");
}
