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

/** The non-empty fields, each normalised, one a line. */
const normalisedLines = (fields: Array<string | null | undefined>) =>
  fields
    .filter((field): field is string => typeof field === "string" && field.length > 0)
    .map((field) => normaliseText(field.slice(0, MAX_FIELD_CHARS)))
    .join("\n");

export function toRow(source: string, doc: SearchDocument): SearchRow {
  const titleNorm = normaliseText(doc.title);
  const fields = normalisedLines(doc.fields);
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
    namesNorm: normalisedLines(doc.names ?? []),
  };
}

/** The rows of a raw `execute`: PGlite and node-postgres both answer `{ rows }`. */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
