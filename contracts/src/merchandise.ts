/** The shop's products, kept in code (no server call). Images are our generated artwork. */
export const MERCH_CATEGORIES = [
  "All",
  "Apparel",
  "Vinyl Records",
  "CDs",
  "Digital Downloads",
  "Accessories",
  "Posters",
  "Limited Edition",
] as const;
export type MerchCategory = (typeof MERCH_CATEGORIES)[number];

interface ProductVariant {
  name: string;
  options: string[];
}

export interface Product {
  id: string;
  name: string;
  description: string;
  price: number;
  imageUrl: string;
  genre?: string;
  artist?: string;
  category: Exclude<MerchCategory, "All">;
  variants?: ProductVariant[];
  featured?: boolean;
  inStock: boolean;
}

const SIZES = { name: "Size", options: ["S", "M", "L", "XL", "XXL"] };
const COLORS = { name: "Color", options: ["Black", "White", "Neon Blue", "Navy"] };
const art = (id: string) => `/art/merch/${id}.svg`;

export const products: Product[] = [
  {
    id: "waveform-club-tee",
    name: "Waveform Club Tee",
    description: "Heavyweight organic cotton tee with the equalizer logo screen-printed across the chest.",
    price: 29.99,
    imageUrl: art("waveform-club-tee"),
    category: "Apparel",
    variants: [SIZES, COLORS],
    featured: true,
    inStock: true,
  },
  {
    id: "late-night-circuits-vinyl",
    name: "Late Night Circuits 2×LP",
    description: "Our deep-house compilation pressed on translucent blue vinyl, with a fold-out sleeve.",
    price: 34.99,
    imageUrl: art("late-night-circuits-vinyl"),
    genre: "Electronic",
    category: "Vinyl Records",
    featured: true,
    inStock: true,
  },
  {
    id: "tidal-memory-cd",
    name: "Tidal Memory (CD)",
    description: "Luna Vale's new album in a recycled-card digipak with lyric booklet.",
    price: 16.99,
    imageUrl: art("tidal-memory-cd"),
    genre: "Indie",
    artist: "Luna Vale",
    category: "CDs",
    inStock: true,
  },
  {
    id: "signal-fire-digital",
    name: "Signal Fire (Digital Album)",
    description:
      "Kairo Blaze's fourteen-track album as lossless FLAC and 320 kbps MP3, with the instrumentals.",
    price: 14.99,
    imageUrl: art("signal-fire-digital"),
    genre: "Hip Hop",
    artist: "Kairo Blaze",
    category: "Digital Downloads",
    inStock: true,
  },
  {
    id: "midnight-owls-tour-hoodie",
    name: "Midnight Owls Tour Hoodie",
    description: "Brushed-fleece hoodie with the 2026 tour dates printed on the back.",
    price: 54.99,
    imageUrl: art("midnight-owls-tour-hoodie"),
    genre: "Rock",
    artist: "The Midnight Owls",
    category: "Apparel",
    variants: [SIZES, COLORS],
    featured: true,
    inStock: true,
  },
  {
    id: "genre-map-poster",
    name: "Genre Map Poster",
    description: "Every genre we cover and how they connect, printed on 200 gsm matte stock.",
    price: 24.99,
    imageUrl: art("genre-map-poster"),
    category: "Posters",
    variants: [{ name: "Size", options: ["18x24 inches", "24x36 inches"] }],
    inStock: true,
  },
  {
    id: "enamel-pin-set",
    name: "Turntable Enamel Pin Set",
    description: "Four hard-enamel pins: turntable, cassette, headphones and a tiny crate of records.",
    price: 19.99,
    imageUrl: art("enamel-pin-set"),
    genre: "Hip Hop",
    category: "Accessories",
    inStock: true,
  },
  {
    id: "paper-satellites-test-pressing",
    name: "Paper Satellites Signed Test Pressing",
    description: "One of 50 white-label test pressings of Ines Moreau's album, signed and numbered.",
    price: 99.99,
    imageUrl: art("paper-satellites-test-pressing"),
    genre: "Electronic",
    artist: "Ines Moreau",
    category: "Limited Edition",
    inStock: false,
  },
];

const matches = (value: string | undefined, wanted: string) => value?.toLowerCase() === wanted.toLowerCase();

/**
 * Up to `limit` products (a teaser row shows 4): those of the genre or artist first, then the
 * rest of the shop, so a teaser row is always full.
 */
export function relatedProducts(filter: { genre?: string; artist?: string }, limit = 4): Product[] {
  const isRelated = (product: Product) =>
    (filter.genre !== undefined && matches(product.genre, filter.genre)) ||
    (filter.artist !== undefined && matches(product.artist, filter.artist));
  return [...products.filter(isRelated), ...products.filter((product) => !isRelated(product))].slice(
    0,
    limit,
  );
}
