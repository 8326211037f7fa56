import type { PlaylistDetail } from "@waveform/contracts/playlists";
import type { DiscoveryPodcast, Episode, Podcast } from "@waveform/contracts/podcasts";
import type { Album } from "@waveform/contracts/releases";
import { paths } from "./paths";

/** One schema.org object (JSON-LD); `@context` is added once for the page. */
export type StructuredData = { "@type": string } & Record<string, unknown>;

/** Relative addresses (`/playlist/1`) become absolute ones on the site's origin. */
function absolute(origin: string, value: unknown): unknown {
  if (typeof value === "string" && value.startsWith("/") && !value.startsWith("//")) return origin + value;
  if (Array.isArray(value)) return value.map((item) => absolute(origin, item));
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, absolute(origin, item)]));
  }
  return value;
}

/** The page's JSON-LD: one object, or a graph of several; safe inside <script> (no "<"). */
export function jsonLdText(items: StructuredData[], origin: string): string {
  const data =
    items.length === 1
      ? { "@context": "https://schema.org", ...items[0] }
      : { "@context": "https://schema.org", "@graph": items };
  return JSON.stringify(absolute(origin, data)).replaceAll("<", "\\u003c");
}

/** The trail from the home page to this one; the last crumb is the page itself. */
export function breadcrumbs(trail: { name: string; path: string }[]): StructuredData {
  return {
    "@type": "BreadcrumbList",
    itemListElement: trail.map((crumb, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: crumb.name,
      item: crumb.path,
    })),
  };
}

/** Home › this page: the trail of a page one step below the home page. */
export function homeBreadcrumbs(name: string, path: string): StructuredData {
  return breadcrumbs([
    { name: "Home", path: paths.home },
    { name, path },
  ]);
}

/** ISO 8601 duration of a track or episode: 245 s → PT4M5S, 3600 s → PT1H, 0 s → PT0S. */
export function isoDuration(seconds: number): string {
  const total = Math.max(0, Math.round(seconds));
  if (total === 0) return "PT0S";
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const rest = total % 60;
  return `PT${hours ? `${hours}H` : ""}${minutes ? `${minutes}M` : ""}${rest ? `${rest}S` : ""}`;
}

/** A list of things in the order the page shows them; `position` counts from 1. */
export function itemList(name: string, items: StructuredData[]): StructuredData {
  return {
    "@type": "ItemList",
    name,
    numberOfItems: items.length,
    itemListElement: items.map((item, index) => ({ "@type": "ListItem", position: index + 1, item })),
  };
}

/** Each item once, the first time it comes (the featured podcast is also in the list under it). */
function uniqueById<T extends { id: number }>(items: T[]): T[] {
  const seen = new Set<number>();
  return items.filter((item) => {
    if (seen.has(item.id)) return false;
    seen.add(item.id);
    return true;
  });
}

const musicGroup = (name: string): StructuredData => ({ "@type": "MusicGroup", name });

export function musicPlaylist(playlist: PlaylistDetail, path: string): StructuredData {
  return {
    "@type": "MusicPlaylist",
    "@id": path,
    url: path,
    name: playlist.title,
    description: playlist.description,
    image: playlist.imageUrl,
    genre: playlist.genre,
    author: { "@type": "Person", name: playlist.curator },
    datePublished: playlist.publishedDate,
    numTracks: playlist.tracks.length,
    track: playlist.tracks.map((track) => ({
      "@type": "MusicRecording",
      position: track.position,
      name: track.title,
      byArtist: musicGroup(track.artist),
      duration: isoDuration(track.durationSeconds),
    })),
  };
}

// ── Merchandise ──────────────────────────────────────────────────────────────────────────────────

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

export function musicAlbum(album: Album): StructuredData {
  return {
    "@type": "MusicAlbum",
    name: album.title,
    byArtist: musicGroup(album.artist),
    datePublished: album.releaseDate,
    image: album.imageUrl,
    numTracks: album.trackCount,
    url: album.externalUrl,
  };
}

export function albumList(albums: Album[]): StructuredData {
  return itemList("New Releases", albums.map(musicAlbum));
}

// ── Podcasts ─────────────────────────────────────────────────────────────────────────────────────

/** A podcast as both podcast pages have it; the categories only where the page shows them. */
type SeriesInput = DiscoveryPodcast & Partial<Pick<Podcast, "categories">>;

/** The podcast's own address (on its platform) is its url; the data carries no feed address. */
export function podcastSeries(podcast: SeriesInput): StructuredData {
  return {
    "@type": "PodcastSeries",
    name: podcast.title,
    author: { "@type": "Person", name: podcast.host },
    description: podcast.description,
    image: podcast.imageUrl,
    ...(podcast.categories?.length ? { genre: podcast.categories } : {}),
    url: podcast.externalUrl,
  };
}

function episodeFacts(episode: {
  title: string;
  description: string;
  duration: number | null;
  audioUrl: string | null;
}) {
  return {
    "@type": "PodcastEpisode",
    name: episode.title,
    description: episode.description,
    ...(episode.duration !== null ? { duration: isoDuration(episode.duration) } : {}),
    ...(episode.audioUrl
      ? { associatedMedia: { "@type": "MediaObject", contentUrl: episode.audioUrl } }
      : {}),
  };
}

/** An episode of a list (recent episodes): its show is named by title. */
export function podcastEpisode(episode: Episode): StructuredData {
  return {
    ...episodeFacts(episode),
    datePublished: episode.date,
    image: episode.imageUrl,
    partOfSeries: { "@type": "PodcastSeries", name: episode.podcastTitle },
  };
}

/** A podcast's newest episode, as the featured podcast shows it; none when it has none. */
export function latestPodcastEpisode(podcast: SeriesInput): StructuredData | undefined {
  const episode = podcast.latestEpisode;
  if (!episode) return undefined;
  return {
    ...episodeFacts(episode),
    datePublished: episode.publishDate,
    partOfSeries: { "@type": "PodcastSeries", name: podcast.title, url: podcast.externalUrl },
  };
}

/**
 * 'Music Podcasts': the featured podcast and the listed ones (each once), and the episodes shown
 * (the featured podcast's newest, then the latest episodes); a list with nothing in it is left out.
 */
export function podcastsPage({
  featured,
  podcasts = [],
  episodes = [],
}: {
  featured?: Podcast;
  podcasts?: Podcast[];
  episodes?: Episode[];
}): StructuredData[] {
  const series = uniqueById(featured ? [featured, ...podcasts] : podcasts).map(podcastSeries);
  const newest = featured?.latestEpisode;
  const episodeItems = uniqueById([
    ...(featured && newest ? [{ id: newest.id, data: latestPodcastEpisode(featured) }] : []),
    ...episodes.map((episode) => ({ id: episode.id, data: podcastEpisode(episode) })),
  ]).flatMap(({ data }) => (data ? [data] : []));
  return [
    ...(series.length ? [itemList("Music Podcasts", series)] : []),
    ...(episodeItems.length ? [itemList("Latest Episodes", episodeItems)] : []),
  ];
}

/** Podcast Discovery: the featured podcasts, then all the others (each once); nothing when empty. */
export function podcastDiscoveryPage({
  featured = [],
  podcasts = [],
}: {
  featured?: DiscoveryPodcast[];
  podcasts?: DiscoveryPodcast[];
}): StructuredData[] {
  const series = uniqueById([...featured, ...podcasts]).map(podcastSeries);
  return series.length ? [itemList("Music Podcasts", series)] : [];
}

// ── Artist Spotlight ─────────────────────────────────────────────────────────────────────────────

/** The fields of a spotlight artist that its MusicGroup reads (the spotlight's data). */
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
export interface ChartEntryFacts {
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
