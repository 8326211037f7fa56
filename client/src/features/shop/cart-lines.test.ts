import { describe, expect, it } from "vitest";
import { cartItemCount, cartSubtotal, defaultVariants, missingVariants, parseQuantity } from "./cart-lines";
import { products } from "./merchandise.data";

function byId(id: string) {
  const product = products.find((item) => item.id === id);
  if (!product) throw new Error(`no product ${id}`);
  return product;
}

describe("cart lines", () => {
  it("turns typed quantities into at least 1", () => {
    expect(parseQuantity("3")).toBe(3);
    expect(parseQuantity("0")).toBe(1);
    expect(parseQuantity("-2")).toBe(1);
    expect(parseQuantity("abc")).toBe(1);
    expect(parseQuantity("")).toBe(1);
    expect(parseQuantity("12")).toBe(12);
  });

  it("presets variants to their first option and names missing ones", () => {
    const tee = byId("waveform-club-tee");
    expect(defaultVariants(tee)).toEqual({ Size: "S", Color: "Black" });
    expect(missingVariants(tee, { Size: "M" })).toEqual(["Color"]);
    expect(missingVariants(tee, defaultVariants(tee))).toEqual([]);
    expect(missingVariants(byId("enamel-pin-set"), {})).toEqual([]);
  });

  it("adds up the cart: subtotal is price × quantity summed, to the cent", () => {
    const lines = [
      { product: byId("waveform-club-tee"), quantity: 2, selectedVariants: {} },
      { product: byId("genre-map-poster"), quantity: 1, selectedVariants: {} },
      { product: byId("enamel-pin-set"), quantity: 3, selectedVariants: {} },
    ];
    expect(cartSubtotal(lines)).toBe(144.94);
    expect(cartItemCount(lines)).toBe(6);
    expect(cartSubtotal([])).toBe(0);
  });
});
