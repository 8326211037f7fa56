import { LayoutGrid, List } from "lucide-react";
import { Button } from "../../components/ui/button";
import { SearchInput } from "../../components/ui/search-input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "../../components/ui/select";
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
      <SearchInput
        aria-label="Search products"
        placeholder="Search products"
        value={filters.search}
        onValueChange={filters.setSearch}
      />
      <Select value={filters.category} onValueChange={(value) => filters.setCategory(value as MerchCategory)}>
        <SelectTrigger aria-label="Category">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {MERCH_CATEGORIES.map((name) => (
            <SelectItem key={name} value={name}>
              {name === "All" ? "All Categories" : name}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      <Select value={filters.sort} onValueChange={(value) => filters.setSort(value as SortOption)}>
        <SelectTrigger aria-label="Sort by">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {SORT_OPTIONS.map((option) => (
            <SelectItem key={option.value} value={option.value}>
              {option.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
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
