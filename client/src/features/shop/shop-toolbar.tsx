import { LayoutGrid, List } from "lucide-react";
import { Button } from "../../components/ui/button";
import { NativeSelect } from "../../components/ui/native-select";
import { PageSearchForm } from "../../components/ui/page-search-form";
import { MERCH_CATEGORIES, type MerchCategory } from "./merchandise.data";
import type { ProductLayout } from "./product-card";
import { SORT_OPTIONS, type SortOption } from "./product-filters";
import type { ShopFilters } from "./use-shop-filters";

/** Search, category, sort and the grid/list switch above the products. */
export function ShopToolbar({
  filters,
  layout,
  onLayoutChange,
}: {
  filters: ShopFilters;
  layout: ProductLayout;
  onLayoutChange: (layout: ProductLayout) => void;
}) {
  return (
    <div className="mt-8 grid gap-3 md:grid-cols-[1fr_200px_220px_auto]">
      <PageSearchForm
        action="/merchandise"
        keep={{ artist: filters.artist, genre: filters.genre }}
        onSearch={filters.searchInAddress}
        aria-label="Search products"
        placeholder="Search products"
        value={filters.search}
        onValueChange={filters.setSearch}
      />
      <NativeSelect
        aria-label="Category"
        value={filters.category}
        onChange={(event) => filters.setCategory(event.target.value as MerchCategory)}
      >
        {MERCH_CATEGORIES.map((name) => (
          <option key={name} value={name}>
            {name === "All" ? "All Categories" : name}
          </option>
        ))}
      </NativeSelect>
      <NativeSelect
        aria-label="Sort by"
        value={filters.sort}
        onChange={(event) => filters.setSort(event.target.value as SortOption)}
      >
        {SORT_OPTIONS.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </NativeSelect>
      {/* biome-ignore lint/a11y/useSemanticElements: a small toolbar, not a form group */}
      <div role="group" aria-label="View" className="flex gap-1">
        {(
          [
            { value: "grid", label: "Grid view", Icon: LayoutGrid },
            { value: "list", label: "List view", Icon: List },
          ] as const
        ).map(({ value, label, Icon }) => (
          <Button
            key={value}
            variant={layout === value ? "default" : "outline"}
            size="icon"
            aria-label={label}
            aria-pressed={layout === value}
            onClick={() => onLayoutChange(value)}
          >
            <Icon aria-hidden="true" />
          </Button>
        ))}
      </div>
    </div>
  );
}
