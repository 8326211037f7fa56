import { X } from "lucide-react";
import { Button } from "../../components/ui/button";
import type { ShopFilters } from "./use-shop-filters";

function FilterChip({ label, onRemove }: { label: string; onRemove: () => void }) {
  return (
    <li className="flex items-center gap-1 rounded-full border bg-secondary py-1 pr-1 pl-3 text-secondary-foreground text-sm">
      {label}
      <button
        type="button"
        onClick={onRemove}
        aria-label={`Remove filter ${label}`}
        className="rounded-full p-1 hover:bg-background"
      >
        <X className="size-3.5" aria-hidden="true" />
      </button>
    </li>
  );
}

/** The filters in force as removable chips, and 'Clear all filters'; nothing while none is set. */
export function ActiveFilters({ filters }: { filters: ShopFilters }) {
  const { category, artist, genre } = filters;
  if (category === "All" && !artist && !genre) return null;
  return (
    <div className="mt-4 flex flex-wrap items-center gap-2">
      <ul className="flex flex-wrap gap-2" aria-label="Active filters">
        {category !== "All" && (
          <FilterChip label={`Category: ${category}`} onRemove={() => filters.setCategory("All")} />
        )}
        {artist && <FilterChip label={`Artist: ${artist}`} onRemove={filters.removeArtist} />}
        {genre && <FilterChip label={`Genre: ${genre}`} onRemove={filters.removeGenre} />}
      </ul>
      <Button variant="link" size="sm" onClick={filters.clearAll}>
        Clear all filters
      </Button>
    </div>
  );
}
