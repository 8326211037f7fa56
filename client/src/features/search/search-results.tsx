import { useQueries, useQuery } from "@tanstack/react-query";
import type { SearchAnswer, SearchGroup } from "@waveform/contracts/search";
import {
  SEARCH_DEFAULT_LIMIT_ONE_TYPE,
  SEARCH_KIND_LABELS,
  type SearchKind,
  searchPagePath,
} from "@waveform/contracts/search-kinds";
import { useEffect } from "react";
import { Link } from "react-router";
import { ErrorNotice } from "../../components/media/notices";
import { Skeleton, skeletonKeys } from "../../components/ui/skeleton";
import { track } from "../insights";
import { searchQuery } from "./search.queries";
import { SearchResultRow } from "./search-result-row";
import { SearchTabs } from "./search-tabs";

/** 'Load more' pages shown at most (20 results each), so an address cannot ask for everything. */
export const MAX_PAGES = 10;

const countsOf = (answer: SearchAnswer | undefined) =>
  answer && Object.fromEntries(answer.groups.map((group) => [group.type, group.count]));

function ResultsSkeleton() {
  return (
    <div className="mt-6 space-y-3" aria-hidden="true">
      {skeletonKeys(6).map((key) => (
        <Skeleton key={key} className="h-16 w-full max-w-2xl" />
      ))}
    </div>
  );
}

/** Nothing found: say so, offer the index's closest title, and the way to browse instead. */
function NoResults({ query, suggestion }: { query: string; suggestion: string | null }) {
  return (
    <div className="mt-8 max-w-2xl">
      <h2 className="font-semibold text-xl">No results for “{query}”</h2>
      {suggestion && (
        <p className="mt-3">
          Did you mean{" "}
          <Link to={searchPagePath(suggestion)} className="font-medium text-primary underline">
            {suggestion}
          </Link>
          ?
        </p>
      )}
      <p className="mt-3 text-muted-foreground">
        Check the spelling, try fewer words, or{" "}
        <Link to="/genres" className="text-primary underline">
          browse the genres
        </Link>
        .
      </p>
    </div>
  );
}

function GroupSection({ group, query }: { group: SearchGroup; query: string }) {
  const label = SEARCH_KIND_LABELS[group.type];
  return (
    <section aria-labelledby={`results-${group.type}`} className="mt-8 max-w-3xl">
      <h2 id={`results-${group.type}`} className="font-semibold text-xl">
        {label} <span className="text-base text-muted-foreground tabular-nums">{group.count}</span>
      </h2>
      <ul className="mt-2">
        {group.results.map((result) => (
          <SearchResultRow key={result.id} result={result} />
        ))}
      </ul>
      {group.count > group.results.length && (
        <Link
          to={searchPagePath(query, group.type)}
          className="mt-2 inline-block text-primary text-sm underline"
        >
          All {group.count} {label.toLowerCase()}
        </Link>
      )}
    </section>
  );
}

/** The reads of one kind's `pages` pages of results. */
const kindPagesQueries = (query: string, kind: SearchKind, pages: number) =>
  Array.from({ length: pages }, (_, page) =>
    searchQuery({
      q: query,
      type: kind,
      cursor: page > 0 ? String(page * SEARCH_DEFAULT_LIMIT_ONE_TYPE) : undefined,
    }),
  );

/** What the results page shows: every kind's counts and first results, and one kind's pages. */
export const searchResultsQueries = (query: string, kind: SearchKind | undefined, pages: number) => [
  searchQuery({ q: query }),
  ...(kind ? kindPagesQueries(query, kind, pages) : []),
];

/** One kind's results, `pages` pages of 20 ('Load more' adds one, in the address). */
function KindResults({ query, kind, pages }: { query: string; kind: SearchKind; pages: number }) {
  const answers = useQueries({ queries: kindPagesQueries(query, kind, pages) });
  const failed = answers.find((answer) => answer.error)?.error;
  if (failed) return <ErrorNotice title="Error loading results" message={failed.message} />;
  const groups = answers.map((answer) => answer.data?.groups[0]);
  const results = groups.flatMap((group) => group?.results ?? []);
  const loading = answers.some((answer) => answer.isPending);
  const last = answers[answers.length - 1]?.data;
  if (!loading && results.length === 0)
    return <NoResults query={query} suggestion={answers[0]?.data?.suggestion ?? null} />;
  const more = last?.groups[0]?.nextCursor != null && pages < MAX_PAGES;
  return (
    <section aria-label={SEARCH_KIND_LABELS[kind]} className="mt-6 max-w-3xl">
      <ul>
        {results.map((result) => (
          <SearchResultRow key={result.id} result={result} />
        ))}
      </ul>
      {loading && <ResultsSkeleton />}
      {more && !loading && (
        <Link
          to={`${searchPagePath(query, kind)}&pages=${pages + 1}`}
          replace
          preventScrollReset
          className="mt-4 inline-flex rounded-md border px-4 py-2 font-medium text-sm hover:bg-accent"
        >
          Load more
        </Link>
      )}
    </section>
  );
}

/** The results page's body: tabs with counts, then every kind's first results or one kind's pages. */
export function SearchResults({ query, kind, pages }: { query: string; kind?: SearchKind; pages: number }) {
  const all = useQuery(searchQuery({ q: query }));
  // A search that found nothing, once its answer is in (never a term still being typed): curators
  // see these in the console's insights, to fill the gaps (issue 33).
  const foundNothing = all.data?.groups.length === 0;
  useEffect(() => {
    if (foundNothing) track({ kind: "search-empty", term: query });
  }, [foundNothing, query]);
  if (all.error) return <ErrorNotice title="Error loading results" message={all.error.message} />;
  return (
    <>
      <SearchTabs query={query} current={kind} counts={countsOf(all.data)} />
      {kind ? (
        <KindResults query={query} kind={kind} pages={pages} />
      ) : !all.data ? (
        <ResultsSkeleton />
      ) : all.data.groups.length === 0 ? (
        <NoResults query={query} suggestion={all.data.suggestion} />
      ) : (
        all.data.groups.map((group) => <GroupSection key={group.type} group={group} query={query} />)
      )}
    </>
  );
}
