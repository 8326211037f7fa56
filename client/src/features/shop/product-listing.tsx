import { EmptyNotice } from "../../components/media/notices";
import { Button } from "../../components/ui/button";
import { cn } from "../../lib/cn";
import { type Product, products } from "./merchandise.data";
import { ProductCard, type ProductLayout } from "./product-card";

/** 'Featured Merchandise': the featured products, shown while no filter is set. */
export function FeaturedProducts({ onView }: { onView: (product: Product) => void }) {
  return (
    <section aria-labelledby="featured-merch-heading" className="mt-10">
      <h2 id="featured-merch-heading" className="mb-4 font-bold text-2xl">
        Featured Merchandise
      </h2>
      <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {products
          .filter((product) => product.featured)
          .map((product, index) => (
            <ProductCard
              key={product.id}
              product={product}
              layout="grid"
              onView={onView}
              priority={index === 0}
            />
          ))}
      </div>
    </section>
  );
}

/** The filtered products under their heading, or 'No products found' with a reset. */
export function ProductListing({
  heading,
  products: shown,
  layout,
  onView,
  onReset,
}: {
  heading: string;
  products: Product[];
  layout: ProductLayout;
  onView: (product: Product) => void;
  onReset: () => void;
}) {
  return (
    <section aria-labelledby="listing-heading" className="mt-10">
      <h2 id="listing-heading" className="mb-4 font-bold text-2xl">
        {heading}
      </h2>
      {shown.length === 0 ? (
        <EmptyNotice>
          <p className="font-medium text-foreground">No products found</p>
          <Button variant="outline" className="mt-4" onClick={onReset}>
            Reset Filters
          </Button>
        </EmptyNotice>
      ) : (
        <div
          className={cn("grid gap-6", layout === "grid" ? "sm:grid-cols-2 lg:grid-cols-4" : "grid-cols-1")}
        >
          {shown.map((product) => (
            <ProductCard key={product.id} product={product} layout={layout} onView={onView} />
          ))}
        </div>
      )}
    </section>
  );
}
