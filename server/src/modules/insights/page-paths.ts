import { pageRoutes } from "@waveform/contracts/routes";
import type { KnownCatalogue } from "./known-catalogue";

/** The route table's pages without parameters, by path. */
const STATIC_PAGES: ReadonlySet<string> = new Set(
  Object.values(pageRoutes).filter((pattern) => !pattern.includes(":")),
);

function safeDecode(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}
/** A positive id as the site's pages read them (digits, no leading zero, within an integer column). */
const idOf = (segment: string): number | null =>
  /^[1-9]\d{0,9}$/.test(segment) && Number(segment) <= 2_147_483_647 ? Number(segment) : null;

/** The real path of a page with parameters (its subject looked up in the catalogue), or null. */
function subjectPath(segments: string[], known: KnownCatalogue): string | null {
  const [first, second, third, fourth] = segments;
  if (first === "playlist" && second !== undefined && third === undefined) {
    const id = idOf(second);
    return id !== null && known.playlists.has(id) ? `/playlist/${id}` : null;
  }
  if (first === "podcasts" && second !== undefined && fourth === undefined) {
    const slug = safeDecode(second);
    if (slug === null || !known.shows.has(slug)) return null;
    const show = `/podcasts/${encodeURIComponent(slug)}`;
    if (third === undefined) return show;
    const id = idOf(third);
    // An episode's page answers under its own show only.
    return id !== null && known.episodes.get(id) === slug ? `${show}/${id}` : null;
  }
  if ((first === "genres" || first === "genre") && second !== undefined && third === undefined) {
    const name = safeDecode(second);
    return name === null ? null : (known.genres.get(name.trim().toLowerCase()) ?? null);
  }
  if (first === "newsletter" && second === "issues" && third !== undefined && fourth === undefined) {
    const slug = safeDecode(third);
    return slug !== null && known.issues.has(slug) ? `/newsletter/issues/${encodeURIComponent(slug)}` : null;
  }
  return null;
}

/** Answers for the paths asked about most recently, for one snapshot of the catalogue. */
const pageAnswers = new Map<string, string | null>();
const PAGE_ANSWERS_MAX = 10_000;
let answersOf: KnownCatalogue | undefined;

/**
 * The page path a view is counted under: a page the site answers 200 (issue 43), as the page itself
 * is known (no query, which may hold a search's words, no fragment, no trailing slash; a genre by its
 * name, a show and an episode under the show's slug), or null for anything else: a path of no page,
 * or a playlist, show, episode, genre or newsletter issue that `known` does not hold. So a beacon
 * can neither fill the table with made-up paths nor count a view of one thing under another's path.
 */
export function countedPagePath(url: string, known: KnownCatalogue): string | null {
  const path = url.split(/[?#]/, 1)[0] ?? "";
  const trimmed = path.length > 1 ? path.replace(/\/+$/, "") : path;
  if (trimmed.length === 0 || trimmed.length > 300) return null;
  if (STATIC_PAGES.has(trimmed)) return trimmed;
  if (answersOf !== known) {
    pageAnswers.clear();
    answersOf = known;
  }
  let answer = pageAnswers.get(trimmed);
  if (answer === undefined) {
    answer = subjectPath(trimmed.slice(1).split("/"), known);
    if (pageAnswers.size >= PAGE_ANSWERS_MAX) pageAnswers.delete(pageAnswers.keys().next().value as string);
    pageAnswers.set(trimmed, answer);
  }
  return answer;
}
