import { describe, expect, it } from "vitest";
import { products } from "./merchandise.data";
import { filterProducts, sortProducts } from "./product-filters";

const none = { search: "", category: "All" as const, artist: null, genre: null };

describe("product filters", () => {
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
});
