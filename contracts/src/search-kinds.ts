/**
 * What the site search finds, in the order its results are grouped and its tabs are shown. Zod-free,
 * so the header and the results page can name the kinds without loading the schemas (decision 0009).
 */
export const SEARCH_KINDS = [
  "playlist",
  "track",
  "artist",
  "genre",
  "release",
  "podcast",
  "episode",
  "merchandise",
  "page",
] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

/** The plural a tab or a group heading shows. */
export const SEARCH_KIND_LABELS: Record<SearchKind, string> = {
  playlist: "Playlists",
  track: "Tracks",
  artist: "Artists",
  genre: "Genres",
  release: "Releases",
  podcast: "Podcasts",
  episode: "Episodes",
  merchandise: "Merchandise",
  page: "Pages",
};

export const isSearchKind = (value: string): value is SearchKind =>
  (SEARCH_KINDS as readonly string[]).includes(value);

/** Longest query accepted, in characters after trimming. */
export const SEARCH_QUERY_MAX = 100;
/** Results per group: with a type (a tab, 'Load more') and without one (every group at once). */
export const SEARCH_LIMIT_MAX = 50;
export const SEARCH_DEFAULT_LIMIT_ONE_TYPE = 20;
export const SEARCH_DEFAULT_LIMIT_ALL = 5;

/** The results page's address for a query (and a tab). */
export function searchPagePath(query: string, kind?: SearchKind): string {
  const params = new URLSearchParams({ q: query });
  if (kind) params.set("type", kind);
  return `/search?${params}`;
}
