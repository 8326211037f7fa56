import { describe, expect, it } from "vitest";
import { MERCH_CATEGORIES, products, relatedProducts } from "./merchandise.data";

describe("merchandise data", () => {
  it("has eight products priced 14.99–99.99 covering every category, one out of stock", () => {
    expect(products).toHaveLength(8);
    const prices = products.map((product) => product.price);
    expect(Math.min(...prices)).toBe(14.99);
    expect(Math.max(...prices)).toBe(99.99);
    expect(new Set(products.map((product) => product.category))).toEqual(new Set(MERCH_CATEGORIES.slice(1)));
    expect(products.some((product) => !product.inStock)).toBe(true);
  });

  it("puts a genre's or artist's products first and fills up to the limit", () => {
    const rock = relatedProducts({ genre: "rock" });
    expect(rock).toHaveLength(4);
    expect(rock[0]?.genre).toBe("Rock");
    expect(relatedProducts({ artist: "Luna Vale" })[0]?.artist).toBe("Luna Vale");
    expect(relatedProducts({}, 2)).toHaveLength(2);
  });
});
