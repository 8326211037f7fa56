import { useId } from "react";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { NativeSelect } from "../../components/ui/native-select";
import { SearchInput } from "../../components/ui/search-input";
import { Slider } from "../../components/ui/slider";
import { DEFAULT_PODCAST_FILTERS, type PodcastFilterState } from "./podcast-filters";

const ALL = "all";

/** Search, category and minimum rating (1 to 5, step 0.1); 'Clear Filters' restores empty, none and 4. */
export function PodcastFilterPanel({
  filters,
  categories,
  onChange,
}: {
  filters: PodcastFilterState;
  categories: string[];
  onChange: (filters: PodcastFilterState) => void;
}) {
  const ids = { search: useId(), category: useId() };
  return (
    <Card asChild className="rounded-2xl p-5">
      <section aria-labelledby="filters-heading">
        <h2 id="filters-heading" className="font-semibold text-lg">
          Find a podcast
        </h2>
        <div className="mt-4 grid gap-5 md:grid-cols-[2fr_1fr_1fr_auto] md:items-end">
          <div className="space-y-1.5">
            <label htmlFor={ids.search} className="font-medium text-sm">
              Search
            </label>
            <SearchInput
              id={ids.search}
              placeholder="Title, host or topic"
              value={filters.search}
              maxLength={100}
              onValueChange={(search) => onChange({ ...filters, search })}
            />
          </div>
          <div className="space-y-1.5">
            <label htmlFor={ids.category} className="font-medium text-sm">
              Category
            </label>
            <NativeSelect
              id={ids.category}
              value={filters.category ?? ALL}
              onChange={(event) => {
                const value = event.target.value;
                onChange({ ...filters, category: value === ALL ? null : value });
              }}
            >
              <option value={ALL}>All categories</option>
              {categories.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="space-y-1.5">
            <p aria-hidden="true" className="flex justify-between font-medium text-sm">
              <span>Minimum rating</span>
              <span className="tabular-nums">{filters.minRating.toFixed(1)}</span>
            </p>
            <Slider
              thumbLabel="Minimum rating"
              min={1}
              max={5}
              step={0.1}
              value={[filters.minRating]}
              onValueChange={([value]) => onChange({ ...filters, minRating: value ?? filters.minRating })}
              className="h-10"
            />
          </div>
          <Button variant="outline" onClick={() => onChange(DEFAULT_PODCAST_FILTERS)}>
            Clear Filters
          </Button>
        </div>
      </section>
    </Card>
  );
}
