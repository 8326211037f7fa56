import type { ComponentProps } from "react";
import { SearchInput } from "./search-input";
import { TabsList, TabsTrigger } from "./tabs";

/**
 * A search field beside the tabs that filter the same list (stacked on phones). It goes inside
 * `<Tabs>`, whose panels follow it.
 */
export function SearchTabsBar({
  search,
  tabs,
  tabsLabel,
}: {
  search: ComponentProps<typeof SearchInput>;
  tabs: readonly { value: string; label: string }[];
  tabsLabel: string;
}) {
  return (
    <div className="mt-8 flex flex-col gap-4 md:flex-row md:items-center md:justify-between">
      <SearchInput {...search} />
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
