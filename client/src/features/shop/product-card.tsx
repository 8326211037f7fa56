import { Eye } from "lucide-react";
import { FallbackImage, FIRST_SCREEN_IMAGE } from "../../components/media/fallback-image";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { cn } from "../../lib/cn";
import { formatPrice } from "../../lib/format";
import type { Product } from "./merchandise.data";

export type ProductLayout = "grid" | "list";

/**
 * A product's square photo, the same in the shop's cards and in the teasers on other pages.
 * `priority`: the first one on the shop's first screen, likely its largest image (LCP).
 */
export function ProductImage({ product, priority = false }: { product: Product; priority?: boolean }) {
  return (
    <FallbackImage
      {...(priority && FIRST_SCREEN_IMAGE)}
      src={product.imageUrl}
      alt=""
      width={600}
      height={600}
      className="aspect-square w-full object-cover"
    />
  );
}

/** A product in the grid or the list; out-of-stock ones carry an overlay and a disabled button. */
export function ProductCard({
  product,
  layout,
  onView,
  priority = false,
}: {
  product: Product;
  layout: ProductLayout;
  onView: (product: Product) => void;
  priority?: boolean;
}) {
  return (
    <Card
      asChild
      className={cn("group overflow-hidden shadow-sm", layout === "list" && "flex flex-col sm:flex-row")}
    >
      <article>
        <div className={cn("relative", layout === "list" && "sm:w-48 sm:shrink-0")}>
          <ProductImage product={product} priority={priority} />
          {!product.inStock && (
            <div className="absolute inset-0 flex items-center justify-center bg-black/60">
              <span className="rounded-md bg-background px-3 py-1 font-semibold text-foreground text-sm">
                Out of Stock
              </span>
            </div>
          )}
          {product.featured && (
            <Badge tone="primary" className="absolute top-3 left-3">
              Featured
            </Badge>
          )}
        </div>
        <div className="flex flex-1 flex-col gap-2 p-4">
          <p className="text-muted-foreground text-xs">{product.category}</p>
          <h3 className="font-semibold leading-tight">{product.name}</h3>
          {layout === "list" && <p className="text-muted-foreground text-sm">{product.description}</p>}
          {(product.artist || product.genre) && (
            <p className="text-muted-foreground text-xs">
              {[product.artist, product.genre].filter(Boolean).join(" · ")}
            </p>
          )}
          <div className="mt-auto flex items-center justify-between gap-2 pt-2">
            <span className="font-bold text-lg">{formatPrice(product.price)}</span>
            {product.inStock ? (
              <Button size="sm" onClick={() => onView(product)} aria-label={`Quick View ${product.name}`}>
                <Eye aria-hidden="true" /> Quick View
              </Button>
            ) : (
              <Button size="sm" variant="secondary" disabled>
                Sold Out
              </Button>
            )}
          </div>
        </div>
      </article>
    </Card>
  );
}
