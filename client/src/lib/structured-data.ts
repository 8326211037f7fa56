import type { PlaylistDetail } from "@waveform/contracts/playlists";

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

/** ISO 8601 duration of a track: 245 s → PT4M5S. */
export function isoDuration(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  return `PT${minutes ? `${minutes}M` : ""}${rest || !minutes ? `${rest}S` : ""}`;
}

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
      byArtist: { "@type": "MusicGroup", name: track.artist },
      duration: isoDuration(track.durationSeconds),
    })),
  };
}
