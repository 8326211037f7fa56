import type { PlaylistDetailReading } from "@waveform/contracts/playlists";
import type { AlbumReading } from "@waveform/contracts/releases";
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
export function uniqueById<T extends { id: number }>(items: T[]): T[] {
  const seen = new Set<number>();
  return items.filter((item) => {
    if (seen.has(item.id)) return false;
    seen.add(item.id);
    return true;
  });
}

export const musicGroup = (name: string): StructuredData => ({ "@type": "MusicGroup", name });

export function musicPlaylist(playlist: PlaylistDetailReading, path: string): StructuredData {
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

export function musicAlbum(album: AlbumReading): StructuredData {
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

export function albumList(albums: AlbumReading[]): StructuredData {
  return itemList("New Releases", albums.map(musicAlbum));
}

// ── Podcasts ─────────────────────────────────────────────────────────────────────────────────────

/** A podcast as both podcast pages have it; the categories only where the page shows them. */
