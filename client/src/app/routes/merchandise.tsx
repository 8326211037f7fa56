import { LayoutGrid, List, X } from "lucide-react";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { EmptyNotice } from "../../components/media/notices";
import { Button } from "../../components/ui/button";
import { SearchInput } from "../../components/ui/search-input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "../../components/ui/select";
import { CartDialog } from "../../features/shop/cart-dialog";
import {
  MERCH_CATEGORIES,
  type MerchCategory,
  type Product,
  products,
} from "../../features/shop/merchandise.data";
import { ProductCard } from "../../features/shop/product-card";
import { ProductDialog } from "../../features/shop/product-dialog";
import {
  filterProducts,
  SORT_OPTIONS,
  type SortOption,
  sortProducts,
} from "../../features/shop/product-filters";
import { cn } from "../../lib/cn";
import { siteConfig } from "../../lib/site-config";

function Chip({ label, onRemove }: { label: string; onRemove: () => void }) {
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

/** The shop (SPEC §2): ?artist= and ?genre= preselect filters and stay in sync; ?id= opens a product. */
export function Component() {
  const [params, setParams] = useSearchParams();
  const artist = params.get("artist");
  const genre = params.get("genre");
  const openId = params.get("id");
  const [search, setSearch] = useState("");
  const [category, setCategory] = useState<MerchCategory>("All");
  const [sort, setSort] = useState<SortOption>("featured");
  const [layout, setLayout] = useState<"grid" | "list">("grid");
  const [viewing, setViewing] = useState<Product | null>(null);
  const fromAddress = openId ? (products.find((product) => product.id === openId) ?? null) : null;
  const dialogProduct = viewing ?? (fromAddress?.inStock ? fromAddress : null);

  const setParam = (name: "artist" | "genre" | "id", value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: true },
    );

  const visible = sortProducts(filterProducts(products, { search, category, artist, genre }), sort);
  const noFilters = !artist && !genre && category === "All" && !search.trim();
  const heading = artist ? `${artist} Merchandise` : genre ? `${genre} Merchandise` : "All Products";

  const clearAll = () => {
    setSearch("");
    setCategory("All");
    setParams(new URLSearchParams(), { replace: true });
  };

  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <title>{`Merchandise · ${siteConfig.name}`}</title>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="font-bold text-3xl tracking-tight sm:text-4xl">Merchandise</h1>
          <p className="mt-2 text-lg text-muted-foreground">
            Records, shirts and prints from the club and our artists.
          </p>
        </div>
        <CartDialog />
      </div>

      <div className="mt-8 grid gap-3 md:grid-cols-[1fr_200px_220px_auto]">
        <SearchInput
          aria-label="Search products"
          placeholder="Search products"
          value={search}
          onValueChange={setSearch}
        />
        <Select value={category} onValueChange={(value) => setCategory(value as MerchCategory)}>
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
        <Select value={sort} onValueChange={(value) => setSort(value as SortOption)}>
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
          <Button
            variant={layout === "grid" ? "default" : "outline"}
            size="icon"
            aria-label="Grid view"
            aria-pressed={layout === "grid"}
            onClick={() => setLayout("grid")}
          >
            <LayoutGrid aria-hidden="true" />
          </Button>
          <Button
            variant={layout === "list" ? "default" : "outline"}
            size="icon"
            aria-label="List view"
            aria-pressed={layout === "list"}
            onClick={() => setLayout("list")}
          >
            <List aria-hidden="true" />
          </Button>
        </div>
      </div>

      {(category !== "All" || artist || genre) && (
        <div className="mt-4 flex flex-wrap items-center gap-2">
          <ul className="flex flex-wrap gap-2" aria-label="Active filters">
            {category !== "All" && (
              <Chip label={`Category: ${category}`} onRemove={() => setCategory("All")} />
            )}
            {artist && <Chip label={`Artist: ${artist}`} onRemove={() => setParam("artist", null)} />}
            {genre && <Chip label={`Genre: ${genre}`} onRemove={() => setParam("genre", null)} />}
          </ul>
          <Button variant="link" size="sm" onClick={clearAll}>
            Clear all filters
          </Button>
        </div>
      )}

      {noFilters && (
        <section aria-labelledby="featured-merch-heading" className="mt-10">
          <h2 id="featured-merch-heading" className="mb-4 font-bold text-2xl">
            Featured Merchandise
          </h2>
          <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {products
              .filter((product) => product.featured)
              .map((product) => (
                <ProductCard key={product.id} product={product} layout="grid" onView={setViewing} />
              ))}
          </div>
        </section>
      )}

      <section aria-labelledby="listing-heading" className="mt-10">
        <h2 id="listing-heading" className="mb-4 font-bold text-2xl">
          {heading}
        </h2>
        {visible.length === 0 ? (
          <EmptyNotice>
            <p className="font-medium text-foreground">No products found</p>
            <Button
              variant="outline"
              className="mt-4"
              onClick={() => {
                setSearch("");
                setCategory("All");
              }}
            >
              Reset Filters
            </Button>
          </EmptyNotice>
        ) : (
          <div
            className={cn("grid gap-6", layout === "grid" ? "sm:grid-cols-2 lg:grid-cols-4" : "grid-cols-1")}
          >
            {visible.map((product) => (
              <ProductCard key={product.id} product={product} layout={layout} onView={setViewing} />
            ))}
          </div>
        )}
      </section>

      <ProductDialog
        product={dialogProduct}
        onClose={() => {
          setViewing(null);
          if (openId) setParam("id", null);
        }}
      />
    </div>
  );
}
