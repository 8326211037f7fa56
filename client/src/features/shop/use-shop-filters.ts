import { useState } from "react";
import { useSearchParams } from "react-router";
import { type MerchCategory, products } from "./merchandise.data";
import { filterProducts, type SortOption, sortProducts } from "./product-filters";

type AddressParam = "artist" | "genre" | "id" | "q";

/**
 * The shop's filters: ?artist=, ?genre= and ?id= live in the address so links from other
 * pages preselect them and stay in sync; category and sort live in state. The search starts from
 * ?q= (the search box is a GET form to this page, so Enter works before and without JavaScript)
 * and then lives in state as the visitor types; Enter puts it in the address.
 */
export function useShopFilters() {
  const [params, setParams] = useSearchParams();
  const artist = params.get("artist");
  const genre = params.get("genre");
  const openId = params.get("id");
  const [search, setSearch] = useState(() => params.get("q") ?? "");
  const [category, setCategory] = useState<MerchCategory>("All");
  const [sort, setSort] = useState<SortOption>("featured");

  const setParam = (name: AddressParam, value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: true },
    );
  const fromAddress = openId ? (products.find((product) => product.id === openId) ?? null) : null;

  return {
    artist,
    genre,
    search,
    setSearch,
    searchInAddress: (query: string) => setParam("q", query.trim() ? query : null),
    category,
    setCategory,
    sort,
    setSort,
    removeArtist: () => setParam("artist", null),
    removeGenre: () => setParam("genre", null),
    /** 'Reset Filters' under an empty listing: the address filters stay. */
    resetSearchAndCategory: () => {
      setSearch("");
      setCategory("All");
      setParam("q", null);
    },
    clearAll: () => {
      setSearch("");
      setCategory("All");
      setParams(new URLSearchParams(), { replace: true });
    },
    visible: sortProducts(filterProducts(products, { search, category, artist, genre }), sort),
    noFilters: !artist && !genre && category === "All" && !search.trim(),
    heading: artist ? `${artist} Merchandise` : genre ? `${genre} Merchandise` : "All Products",
    /** ?id= names no product of the shop: the page says so, and answers 404. */
    unknownProductId: openId !== null && fromAddress === null ? openId : null,
    /** ?id= opens a product's dialog, unless it is sold out. */
    productFromAddress: fromAddress?.inStock ? fromAddress : null,
    closeAddressProduct: () => {
      if (openId) setParam("id", null);
    },
  };
}

export type ShopFilters = ReturnType<typeof useShopFilters>;
