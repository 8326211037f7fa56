import {
  SEARCH_KIND_LABELS,
  SEARCH_KINDS,
  type SearchKind,
  searchPagePath,
} from "@waveform/contracts/search-kinds";
import { Link } from "react-router";
import { cn } from "../../lib/cn";

/**
 * All and one tab per kind, with counts. Tabs are links, so the address always names what is shown
 * (a search can be shared) and they work without JavaScript.
 */
export function SearchTabs({
  query,
  current,
  counts,
}: {
  query: string;
  current: SearchKind | undefined;
  counts: Partial<Record<SearchKind, number>> | undefined;
}) {
  const total = counts ? Object.values(counts).reduce((sum, n) => sum + (n ?? 0), 0) : undefined;
  const tab = (kind: SearchKind | undefined, label: string, count: number | undefined) => (
    <li key={kind ?? "all"}>
      <Link
        to={searchPagePath(query, kind)}
        aria-current={current === kind ? "page" : undefined}
        className={cn(
          "inline-flex whitespace-nowrap rounded-full border px-3 py-1.5 text-sm transition-colors hover:bg-accent",
          current === kind ? "border-primary bg-primary text-primary-foreground hover:bg-primary" : "",
        )}
      >
        {label}
        {count !== undefined && <span className="ml-1.5 tabular-nums opacity-80">{count}</span>}
      </Link>
    </li>
  );
  return (
    <nav aria-label="Result types" className="-mx-4 mt-6 overflow-x-auto px-4">
      <ul className="flex gap-2 pb-2">
        {tab(undefined, "All", total)}
        {SEARCH_KINDS.map((kind) =>
          tab(kind, SEARCH_KIND_LABELS[kind], counts ? (counts[kind] ?? 0) : undefined),
        )}
      </ul>
    </nav>
  );
}
