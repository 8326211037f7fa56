import { SEARCH_QUERY_MAX } from "@waveform/contracts/search-kinds";
import { SearchInput } from "../../components/ui/search-input";

/** The results page's own search box: a plain GET form, so it works before (and without) JavaScript. */
export function SearchForm({ query }: { query: string }) {
  return (
    <search>
      <form action="/search" method="get" className="mt-6 flex max-w-xl gap-2">
        <SearchInput
          name="q"
          defaultValue={query}
          aria-label="Search the site"
          maxLength={SEARCH_QUERY_MAX}
          className="flex-1"
          enterKeyHint="search"
        />
        <button
          type="submit"
          className="rounded-md bg-primary px-4 font-medium text-primary-foreground text-sm hover:bg-primary/90"
        >
          Search
        </button>
      </form>
    </search>
  );
}
