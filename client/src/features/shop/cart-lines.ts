import type { Product } from "./merchandise.data";

/** Quantity is at least 1; typed non-numeric or zero input becomes 1. */
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
