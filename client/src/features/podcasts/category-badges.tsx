import { Skeleton, skeletonKeys } from "../../components/ui/skeleton";
import { cn } from "../../lib/cn";

/** 'Browse by Category': each badge sets the category filter; the chosen one is pressed. */
export function CategoryBadges({
  categories,
  counts,
  selected,
  loading,
  onSelect,
}: {
  categories: string[];
  counts: Record<string, number>;
  selected: string | null;
  loading: boolean;
  onSelect: (category: string | null) => void;
}) {
  return (
    <section aria-labelledby="browse-category-heading" className="mt-10">
      <h2 id="browse-category-heading" className="mb-4 font-bold text-2xl tracking-tight">
        Browse by Category
      </h2>
      <ul className="flex flex-wrap gap-2" aria-busy={loading}>
        {loading
          ? skeletonKeys(6).map((key) => (
              <li key={key}>
                <Skeleton className="h-9 w-36 rounded-full" />
              </li>
            ))
          : categories.map((name) => {
              const active = selected === name;
              return (
                <li key={name}>
                  <button
                    type="button"
                    aria-pressed={active}
                    onClick={() => onSelect(active ? null : name)}
                    className={cn(
                      "inline-flex h-9 items-center gap-2 rounded-full border px-4 font-medium text-sm transition-colors hover:border-primary focus-visible:outline-2 focus-visible:outline-ring",
                      active && "border-primary bg-primary text-primary-foreground",
                    )}
                  >
                    {name}
                    {counts[name] !== undefined && (
                      <span className={cn("text-xs", active ? "opacity-90" : "text-muted-foreground")}>
                        {counts[name]}
                      </span>
                    )}
                  </button>
                </li>
              );
            })}
      </ul>
    </section>
  );
}
