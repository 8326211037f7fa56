import { pageRoutes } from "@waveform/contracts/routes";

/** Each page route as a pattern for a whole path (`:name` matches one segment). */
const ROUTES = Object.values(pageRoutes).map(
  (pattern) => new RegExp(`^${pattern.replace(/:[A-Za-z]+/g, "[^/]+")}$`),
);

/**
 * The page path a view is counted under: the path of a page of the route table (no query, which
 * may hold a search's words, no fragment, no trailing slash), or null for anything else (so a
 * beacon cannot fill the table with made-up paths).
 */
export function countedPagePath(url: string): string | null {
  const path = url.split(/[?#]/, 1)[0] ?? "";
  const trimmed = path.length > 1 ? path.replace(/\/+$/, "") : path;
  if (trimmed.length === 0 || trimmed.length > 300) return null;
  let known = pageAnswers.get(trimmed);
  if (known === undefined) {
    known = ROUTES.some((route) => route.test(trimmed));
    if (pageAnswers.size >= PAGE_ANSWERS_MAX) pageAnswers.delete(pageAnswers.keys().next().value as string);
    pageAnswers.set(trimmed, known);
  }
  return known ? trimmed : null;
}

/** Whether a path is a page, for the paths asked about most recently. */
const pageAnswers = new Map<string, boolean>();
const PAGE_ANSWERS_MAX = 10_000;

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

export type PageSubject =
  | { kind: "playlist"; id: number }
  | { kind: "show"; slug: string }
  | { kind: "episode"; showSlug: string; id: number };

/** What a counted page is about, for trending: a playlist, a show or an episode; null for others. */
export function pageSubject(path: string): PageSubject | null {
  const playlist = /^\/playlist\/([1-9]\d{0,8})$/.exec(path);
  if (playlist) return { kind: "playlist", id: Number(playlist[1]) };
  const episode = /^\/podcasts\/([^/]+)\/([1-9]\d{0,8})$/.exec(path);
  if (episode) return { kind: "episode", showSlug: safeDecode(episode[1] ?? ""), id: Number(episode[2]) };
  const show = /^\/podcasts\/([^/]+)$/.exec(path);
  if (show) return { kind: "show", slug: safeDecode(show[1] ?? "") };
  return null;
}
