import { describe, expect, it } from "vitest";
import { products } from "./merchandise.data";
import {
  cartItemCount,
  cartSubtotal,
  defaultVariants,
  filterProducts,
  missingVariants,
  parseQuantity,
  sortProducts,
} from "./shop-logic";

const none = { search: "", category: "All" as const, artist: null, genre: null };
function byId(id: string) {
  const product = products.find((item) => item.id === id);
  if (!product) throw new Error(`no product ${id}`);
  return product;
}

describe("shop logic", () => {
  it("searches name and description case-insensitively and ANDs every filter", () => {
    expect(filterProducts(products, { ...none, search: "HOODIE" }).map((p) => p.id)).toEqual([
      "midnight-owls-tour-hoodie",
    ]);
    expect(filterProducts(products, { ...none, search: "lyric booklet" }).map((p) => p.id)).toEqual([
      "tidal-memory-cd",
    ]);
    expect(filterProducts(products, { ...none, genre: "electronic" })).toHaveLength(2);
    expect(
      filterProducts(products, { ...none, genre: "Electronic", category: "Vinyl Records" }),
    ).toHaveLength(1);
    expect(filterProducts(products, { ...none, artist: "Luna Vale", genre: "Rock" })).toEqual([]);
  });

  it("sorts featured first, by price, and by name with locale comparison", () => {
    const featured = sortProducts(products, "featured");
    expect(featured.slice(0, 3).every((p) => p.featured)).toBe(true);
    const low = sortProducts(products, "priceLow").map((p) => p.price);
    expect(low).toEqual([...low].sort((a, b) => a - b));
    expect(sortProducts(products, "priceHigh")[0]?.price).toBe(99.99);
    const az = sortProducts(products, "nameAZ").map((p) => p.name);
    expect(az).toEqual([...az].sort((a, b) => a.localeCompare(b)));
    expect(sortProducts(products, "nameZA").map((p) => p.name)).toEqual([...az].reverse());
  });

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
