import { isSearchKind, SEARCH_QUERY_MAX } from "@waveform/contracts/search-kinds";
import { useSearchParams } from "react-router";
import { PageHead } from "../../components/layout/page-head";
import { SearchForm } from "../../features/search/search-form";
import { MAX_PAGES, SearchResults, searchResultsQueries } from "../../features/search/search-results";
import type { RouteQueries } from "../route-data";

// Any control character: the API refuses them (contracts/src/search.ts), so the page does too.
// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what it looks for
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;

/** Why a query cannot be searched, in the API's words, or null when it can. */
function problemWith(query: string): string | null {
  if (CONTROL_CHARACTERS.test(query)) return "The search may not hold control characters.";
  if (query.length > SEARCH_QUERY_MAX) return `The search may be at most ${SEARCH_QUERY_MAX} characters.`;
  return null;
}

/** /search?q=…&type=…&pages=…: the site's search results, server-rendered and kept out of search engines. */
function searchAddress(params: URLSearchParams) {
  const query = (params.get("q") ?? "").trim();
  const type = params.get("type") ?? "";
  const kind = isSearchKind(type) ? type : undefined;
  const pages = Math.min(MAX_PAGES, Math.max(1, Number.parseInt(params.get("pages") ?? "1", 10) || 1));
  return { query, kind, pages, problem: query ? problemWith(query) : null };
}

export function Component() {
  const [params] = useSearchParams();
  const { query, kind, pages, problem } = searchAddress(params);
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <PageHead title={query ? `Search: ${query}` : "Search"} noindex />
      <h1 className="font-bold text-3xl tracking-tight sm:text-4xl">
        {query ? <>Results for “{query}”</> : "Search"}
      </h1>
      <SearchForm query={query} />
      {!query ? (
        <p className="mt-6 text-muted-foreground">
          Find playlists, tracks, artists, genres, releases, podcasts, episodes and merchandise.
        </p>
      ) : problem ? (
        <p role="alert" className="mt-6 text-destructive">
          {problem}
        </p>
      ) : (
        <SearchResults query={query} kind={kind} pages={pages} />
      )}
    </div>
  );
}

/** A query that can be searched: its results (and one kind's pages); nothing for an empty or refused one. */
export const queries: RouteQueries = ({ search }) => {
  const { query, kind, pages, problem } = searchAddress(search);
  return query && !problem ? searchResultsQueries(query, kind, pages) : [];
};
