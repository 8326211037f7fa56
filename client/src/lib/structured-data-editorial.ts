import { paths } from "./paths";
import { itemList, musicGroup, type StructuredData } from "./structured-data";

/** The fields of a shop product that its Product reads (the shop's data, passed in by the route). */
export interface MerchProduct {
  id: string;
  name: string;
  description: string;
  /** US dollars: the shop shows prices as `$29.99`. */
  price: number;
  imageUrl: string;
  artist?: string;
  category: string;
  inStock: boolean;
}

/** The shop's address of a product: /merchandise?id= opens its dialog. */
export const productPath = (id: string) => `${paths.merchandise}?id=${encodeURIComponent(id)}`;

export function product(item: MerchProduct): StructuredData {
  const url = productPath(item.id);
  return {
    "@type": "Product",
    name: item.name,
    description: item.description,
    image: item.imageUrl,
    ...(item.artist ? { brand: { "@type": "Brand", name: item.artist } } : {}),
    category: item.category,
    url,
    offers: {
      "@type": "Offer",
      price: item.price.toFixed(2),
      priceCurrency: "USD",
      availability: item.inStock ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
      url,
    },
  };
}

export function productList(products: MerchProduct[]): StructuredData {
  return itemList("Merchandise", products.map(product));
}

// ── New releases ─────────────────────────────────────────────────────────────────────────────────

export interface SpotlightArtistFacts {
  name: string;
  imageUrl: string;
  bio: string;
  genre: string;
  location: string;
  latestRelease: { title: string; type: "Album" | "Single"; year: number; coverUrl: string };
  links: Partial<Record<string, string>>;
}

/** Sites whose front page stands in for an artist's page until the artist has one there. */
const PLATFORM_HOSTS = new Set([
  "spotify.com",
  "open.spotify.com",
  "bandcamp.com",
  "instagram.com",
  "facebook.com",
  "x.com",
  "twitter.com",
]);

/**
 * A link that says who the artist is: a page of another site about the artist. A platform's front
 * page (`https://www.instagram.com/`, a placeholder), a search (`open.spotify.com/search/…`) and our
 * own pages (`/merchandise?artist=`) are not.
 */
function isProfileLink(href: string): boolean {
  if (!/^https?:\/\//.test(href)) return false;
  const { hostname, pathname } = new URL(href);
  if (PLATFORM_HOSTS.has(hostname.replace(/^www\./, "")) && pathname === "/") return false;
  return !/^\/search(\/|$)/.test(pathname);
}

export function spotlightArtist(artist: SpotlightArtistFacts): StructuredData {
  const sameAs = Object.values(artist.links).filter(
    (href): href is string => href !== undefined && isProfileLink(href),
  );
  const release = artist.latestRelease;
  return {
    "@type": "MusicGroup",
    name: artist.name,
    genre: artist.genre,
    description: artist.bio,
    image: artist.imageUrl,
    location: { "@type": "Place", name: artist.location },
    album: {
      "@type": "MusicAlbum",
      name: release.title,
      datePublished: String(release.year),
      image: release.coverUrl,
      albumReleaseType: `https://schema.org/${release.type === "Single" ? "SingleRelease" : "AlbumRelease"}`,
    },
    ...(sameAs.length ? { sameAs } : {}),
  };
}

// ── Charts ───────────────────────────────────────────────────────────────────────────────────────

/** The fields of a chart entry that its MusicRecording reads (the charts' data). */
interface ChartEntryFacts {
  rank: number;
  title: string;
  artist: string;
  genre: string;
}

/** One chart, in rank order: each place a MusicRecording. */
export function chartList(name: string, entries: ChartEntryFacts[]): StructuredData {
  return {
    "@type": "ItemList",
    name,
    itemListOrder: "https://schema.org/ItemListOrderAscending",
    numberOfItems: entries.length,
    itemListElement: entries.map((entry) => ({
      "@type": "ListItem",
      position: entry.rank,
      item: {
        "@type": "MusicRecording",
        name: entry.title,
        byArtist: musicGroup(entry.artist),
        genre: entry.genre,
      },
    })),
  };
}
