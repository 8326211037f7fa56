import type { ComponentProps, FormEvent } from "react";
import { SearchInput } from "./search-input";

/**
 * A page's own search box as a GET form to the page itself (`/playlists?q=…`): Enter works before
 * and without JavaScript, and the server renders the filtered page. Once the page's code runs, the
 * list filters as the visitor types and Enter only puts the search in the address (`onSearch`).
 * `keep`: the address's other filters, sent along so a search never drops them.
 */
export function PageSearchForm({
  action,
  keep = {},
  onSearch,
  className,
  ...input
}: Omit<ComponentProps<typeof SearchInput>, "name"> & {
  action: string;
  keep?: Record<string, string | null | undefined>;
  onSearch: (query: string) => void;
}) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSearch(String(new FormData(event.currentTarget).get("q") ?? ""));
  };
  return (
    <search className={className}>
      <form action={action} method="get" onSubmit={submit}>
        {Object.entries(keep).map(([name, value]) =>
          value ? <input key={name} type="hidden" name={name} value={value} /> : null,
        )}
        <SearchInput name="q" enterKeyHint="search" {...input} />
      </form>
    </search>
  );
}
