import type { MerchCategory, Product } from "./merchandise.data";

export const SORT_OPTIONS = [
  { value: "featured", label: "Featured" },
  { value: "priceLow", label: "Price: Low to High" },
  { value: "priceHigh", label: "Price: High to Low" },
  { value: "nameAZ", label: "Name: A to Z" },
  { value: "nameZA", label: "Name: Z to A" },
] as const;
export type SortOption = (typeof SORT_OPTIONS)[number]["value"];

interface ProductFilters {
  search: string;
  category: MerchCategory;
  artist: string | null;
  genre: string | null;
}

const same = (a: string | undefined, b: string) => a?.toLowerCase() === b.toLowerCase();

/** Search on name and description (case-insensitive substring); every filter ANDs. */
export function filterProducts(products: Product[], filters: ProductFilters): Product[] {
  const needle = filters.search.trim().toLowerCase();
  return products.filter(
    (product) =>
      (!needle ||
        product.name.toLowerCase().includes(needle) ||
        product.description.toLowerCase().includes(needle)) &&
      (filters.category === "All" || product.category === filters.category) &&
      (!filters.artist || same(product.artist, filters.artist)) &&
      (!filters.genre || same(product.genre, filters.genre)),
  );
}

/** The sorts: featured first, by price either way, or by name with locale comparison. */
export function sortProducts(products: Product[], sort: SortOption): Product[] {
  const sorted = [...products];
  switch (sort) {
    case "featured":
      return sorted.sort((a, b) => Number(Boolean(b.featured)) - Number(Boolean(a.featured)));
    case "priceLow":
      return sorted.sort((a, b) => a.price - b.price);
    case "priceHigh":
      return sorted.sort((a, b) => b.price - a.price);
    case "nameAZ":
      return sorted.sort((a, b) => a.name.localeCompare(b.name));
    case "nameZA":
      return sorted.sort((a, b) => b.name.localeCompare(a.name));
  }
}
