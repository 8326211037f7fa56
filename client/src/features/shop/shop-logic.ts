import type { MerchCategory, Product } from "./merchandise.data";

export const SORT_OPTIONS = [
  { value: "featured", label: "Featured" },
  { value: "priceLow", label: "Price: Low to High" },
  { value: "priceHigh", label: "Price: High to Low" },
  { value: "nameAZ", label: "Name: A to Z" },
  { value: "nameZA", label: "Name: Z to A" },
] as const;
export type SortOption = (typeof SORT_OPTIONS)[number]["value"];

export interface ProductFilters {
  search: string;
  category: MerchCategory;
  artist: string | null;
  genre: string | null;
}

const same = (a: string | undefined, b: string) => a?.toLowerCase() === b.toLowerCase();

/** SPEC §5: search on name and description (case-insensitive substring); every filter ANDs. */
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

/** SPEC §5 sorts: featured first, by price either way, or by name with locale comparison. */
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

/** SPEC §5: quantity is at least 1; typed non-numeric or zero input becomes 1. */
export function parseQuantity(text: string): number {
  const value = Number.parseInt(text, 10);
  return Number.isFinite(value) && value >= 1 ? value : 1;
}

/** Every variant preset to its first option (what opening a product does). */
export function defaultVariants(product: Product): Record<string, string> {
  return Object.fromEntries(
    (product.variants ?? []).map((variant) => [variant.name, variant.options[0] ?? ""]),
  );
}

/** The variants of the product that have no chosen option. */
export function missingVariants(product: Product, selected: Record<string, string>): string[] {
  return (product.variants ?? []).filter((variant) => !selected[variant.name]).map((variant) => variant.name);
}

export interface CartLine {
  product: Product;
  quantity: number;
  selectedVariants: Record<string, string>;
}

export const cartSubtotal = (lines: CartLine[]) =>
  Math.round(lines.reduce((sum, line) => sum + line.product.price * line.quantity, 0) * 100) / 100;

export const cartItemCount = (lines: CartLine[]) => lines.reduce((sum, line) => sum + line.quantity, 0);
