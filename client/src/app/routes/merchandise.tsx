import { lazy, Suspense, useState } from "react";
import { BUILT_BY_SERVER, PageHead } from "../../components/layout/page-head";
import { ActiveFilters } from "../../features/shop/active-filters";
import { CartDialog } from "../../features/shop/cart-dialog";
import { type Product, products } from "../../features/shop/merchandise.data";
import type { ProductLayout } from "../../features/shop/product-card";
import { FeaturedProducts, ProductListing } from "../../features/shop/product-listing";
import { ShopToolbar } from "../../features/shop/shop-toolbar";
import { UnknownProduct } from "../../features/shop/unknown-product";
import { useShopFilters } from "../../features/shop/use-shop-filters";
import { HydrateWhenVisible } from "../../lib/hydrate-when-visible";
import { HydrationRegion } from "../../lib/hydration-region";
import { useNotFoundStatus } from "../../lib/page-status";
import { paths } from "../../lib/paths";
import { homeBreadcrumbs } from "../../lib/structured-data";
import { productList } from "../../lib/structured-data-editorial";

// The product dialog's code (and its option pickers) loads when a product is first opened.
const ProductDialog = lazy(() =>
  import("../../features/shop/product-dialog").then((module) => ({ default: module.ProductDialog })),
);

/** The shop: ?artist= and ?genre= preselect filters and stay in sync; ?id= opens a product. */
export function Component() {
  const filters = useShopFilters();
  const [layout, setLayout] = useState<ProductLayout>("grid");
  const [viewing, setViewing] = useState<Product | null>(null);
  useNotFoundStatus(filters.unknownProductId !== null);
  const shown = viewing ?? filters.productFromAddress;
  // Mounted from the first product opened on, so later closes keep their animation.
  const [opened, setOpened] = useState(false);
  if (shown && !opened) setOpened(true);

  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <PageHead
        title="Merchandise"
        description="Records, shirts and prints from the club and our artists."
        structuredData={
          import.meta.env.SSR
            ? [productList(products), homeBreadcrumbs("Merchandise", paths.merchandise)]
            : BUILT_BY_SERVER
        }
        canonicalPath={paths.merchandise}
        noindex={filters.unknownProductId !== null}
      />
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="font-bold text-3xl tracking-tight sm:text-4xl">Merchandise</h1>
          <p className="mt-2 text-lg text-muted-foreground">
            Records, shirts and prints from the club and our artists.
          </p>
        </div>
        <HydrationRegion>
          <CartDialog />
        </HydrationRegion>
      </div>
      {filters.unknownProductId !== null && <UnknownProduct onDismiss={filters.closeAddressProduct} />}
      <HydrationRegion>
        <ShopToolbar filters={filters} layout={layout} onLayoutChange={setLayout} />
      </HydrationRegion>
      <ActiveFilters filters={filters} />
      <HydrationRegion>{filters.noFilters && <FeaturedProducts onView={setViewing} />}</HydrationRegion>
      {/* Below a phone's first screen: hydrated when scrolled near (its HTML is there at once). */}
      <HydrateWhenVisible anchorId="listing-heading">
        <ProductListing
          heading={filters.heading}
          products={filters.visible}
          layout={layout}
          onView={setViewing}
          onReset={filters.resetSearchAndCategory}
        />
      </HydrateWhenVisible>
      {opened && (
        <Suspense fallback={null}>
          <ProductDialog
            product={shown}
            onClose={() => {
              setViewing(null);
              filters.closeAddressProduct();
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
