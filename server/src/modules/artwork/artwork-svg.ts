import { seededRandom } from "../../lib/seeded-random";
import type { ArtKind } from "./art-urls";

/** Width × height of each kind; the client sizes its <img> elements to match (no layout shift). */
const ART_SIZES: Record<ArtKind, [number, number]> = {
  cover: [600, 600],
  album: [600, 600],
  genre: [600, 400],
  artist: [400, 400],
  ad: [1200, 400],
  site: [1600, 900],
  merch: [600, 600],
  podcast: [600, 600],
};

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);

function palette(random: () => number): [string, string, string] {
  const hue = Math.floor(random() * 360);
  const shift = 40 + Math.floor(random() * 120);
  return [
    `hsl(${hue} 70% 42%)`,
    `hsl(${(hue + shift) % 360} 75% 30%)`,
    `hsl(${(hue + shift / 2) % 360} 90% 70%)`,
  ];
}

function initials(name: string): string {
  const words = name
    .replace(/[^\p{L}\p{N} ]/gu, " ")
    .split(/\s+/)
    .filter(Boolean);
  return ((words[0]?.[0] ?? "") + (words.length > 1 ? (words.at(-1)?.[0] ?? "") : "")).toUpperCase();
}

/**
 * Deterministic abstract artwork: the same kind and key always give the same picture, drawn from a
 * gradient, soft circles and an equalizer of bars. Artists also get their initials.
 */
export function renderArtwork(kind: ArtKind, key: string): string {
  const [width, height] = ART_SIZES[kind];
  const random = seededRandom(`${kind}:${key}`);
  const [from, to, accent] = palette(random);
  const circles = Array.from({ length: 3 }, () => {
    const r = (0.15 + random() * 0.35) * Math.min(width, height);
    return `<circle cx="${Math.round(random() * width)}" cy="${Math.round(random() * height)}" r="${Math.round(r)}" fill="${accent}" fill-opacity="${(0.12 + random() * 0.2).toFixed(2)}"/>`;
  }).join("");
  const barCount = kind === "site" || kind === "ad" ? 48 : 18;
  const barWidth = width / barCount;
  const bars = Array.from({ length: barCount }, (_, index) => {
    const barHeight = Math.round((0.08 + random() * 0.32) * height);
    return `<rect x="${(index * barWidth + barWidth * 0.2).toFixed(1)}" y="${height - barHeight}" width="${(barWidth * 0.6).toFixed(1)}" height="${barHeight}" rx="${(barWidth * 0.3).toFixed(1)}" fill="#fff" fill-opacity="0.18"/>`;
  }).join("");
  const label =
    kind === "artist"
      ? `<text x="50%" y="50%" dy="0.35em" text-anchor="middle" font-family="system-ui, sans-serif" font-size="${Math.round(height * 0.32)}" font-weight="700" fill="#fff" fill-opacity="0.92">${escapeXml(initials(key.replace(/-/g, " ")))}</text>`
      : "";
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img">`,
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>`,
    `<rect width="${width}" height="${height}" fill="url(#g)"/>`,
    circles,
    bars,
    label,
    "</svg>",
  ].join("");
}
