import type { SearchKind } from "@waveform/contracts/search";
import type { searchDocuments } from "../../db/schema";
import { normaliseText } from "./search-text";

/** One thing a visitor can open, as a writer describes it; `toRow` normalises it for the index. */
export interface SearchDocument {
  kind: SearchKind;
  key: string;
  title: string;
  subtitle: string;
  image: string | null;
  href: string;
  spotifyUrl?: string | null;
  popularity?: number;
  recency?: Date | null;
  /** Everything else the item is found by (the title is always included). */
  fields: Array<string | null | undefined>;
  /** Names among `fields` that a typo should still find: a track's or release's artist, a show's host. */
  names?: Array<string | null | undefined>;
}

/** Long texts (episode descriptions) are indexed by their start: enough to find, cheap to store. */
const MAX_FIELD_CHARS = 2000;

export type SearchRow = typeof searchDocuments.$inferInsert;

/** How many texts a normaliser remembers (a build's artists, curators and genres, with room). */
const REMEMBERED = 50_000;

/**
 * normaliseText with a memory, for one rewrite of the index: a catalogue names the same artists,
 * curators and genres on thousands of items (the 100k bench: 100 artists on 98,000 tracks).
 */
export function normaliser(): (text: string) => string {
  const known = new Map<string, string>();
  return (text) => {
    let normalised = known.get(text);
    if (normalised === undefined) {
      normalised = normaliseText(text);
      if (known.size < REMEMBERED) known.set(text, normalised);
    }
    return normalised;
  };
}

/** The non-empty fields, each normalised, one a line. */
const normalisedLines = (fields: Array<string | null | undefined>, normalise: (text: string) => string) =>
  fields
    .filter((field): field is string => typeof field === "string" && field.length > 0)
    .map((field) => normalise(field.slice(0, MAX_FIELD_CHARS)))
    .join("\n");

/** `normalise`: normaliseText, or a normaliser() shared by the documents of one rewrite. */
export function toRow(
  source: string,
  doc: SearchDocument,
  normalise: (text: string) => string = normaliseText,
): SearchRow {
  const titleNorm = normaliseText(doc.title);
  const fields = normalisedLines(doc.fields, normalise);
  // The title is the first line of the text; its words without spaces are the compact form.
  const text = fields === "" ? titleNorm : titleNorm === "" ? fields : `${titleNorm}\n${fields}`;
  return {
    kind: doc.kind,
    key: doc.key,
    source,
    title: doc.title,
    subtitle: doc.subtitle,
    image: doc.image,
    href: doc.href,
    spotifyUrl: doc.spotifyUrl ?? null,
    popularity: doc.popularity ?? 0,
    recency: doc.recency ?? null,
    titleNorm,
    titleCompact: titleNorm.replaceAll(" ", ""),
    textNorm: text,
    namesNorm: normalisedLines(doc.names ?? [], normalise),
  };
}

/** The rows of a raw `execute`: PGlite and node-postgres both answer `{ rows }`. */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
