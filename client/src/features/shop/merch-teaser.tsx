import { Link } from "react-router";
import { Card } from "../../components/ui/card";
import { formatPrice } from "../../lib/format";
import type { Product } from "./merchandise.data";
import { ProductImage } from "./product-card";

/** A small product tile that opens the product in the shop (/merchandise?id=…). */
export function MerchTeaser({ product }: { product: Product }) {
  return (
    <Card asChild className="group block overflow-hidden transition-colors hover:border-primary">
      <Link to={`/merchandise?id=${encodeURIComponent(product.id)}`}>
        <ProductImage product={product} />
        <span className="block space-y-1 p-3">
          <span className="block font-medium text-sm leading-tight group-hover:underline">
            {product.name}
          </span>
          <span className="block text-muted-foreground text-sm">{formatPrice(product.price)}</span>
        </span>
      </Link>
    </Card>
  );
}
