import type { ComponentProps } from "react";
import { PageSearchForm } from "./page-search-form";
import { SearchInput } from "./search-input";
import { TabsList, TabsTrigger } from "./tabs";

type SearchFormProps = ComponentProps<typeof PageSearchForm>;

/**
 * A search field beside the tabs that filter the same list (stacked on phones). It goes inside
 * `<Tabs>`, whose panels follow it. With `action` it is the page's own GET search form
 * (PageSearchForm); without, a field whose search stays local to the page.
 */
export function SearchTabsBar({
  search,
  tabs,
  tabsLabel,
}: {
  search: ComponentProps<typeof SearchInput> | SearchFormProps;
  tabs: readonly { value: string; label: string }[];
  tabsLabel: string;
}) {
  return (
    <div className="mt-8 flex flex-col gap-4 md:flex-row md:items-center md:justify-between">
      {"action" in search ? <PageSearchForm {...(search as SearchFormProps)} /> : <SearchInput {...search} />}
      <TabsList aria-label={tabsLabel}>
        {tabs.map(({ value, label }) => (
          <TabsTrigger key={value} value={value}>
            {label}
          </TabsTrigger>
        ))}
      </TabsList>
    </div>
  );
}
