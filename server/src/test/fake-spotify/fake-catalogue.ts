import { createHash } from "node:crypto";
import { releaseSeeds } from "../../db/seed/releases.data";
import { trackPools } from "../../db/seed/tracks.data";

export interface FakeTrack {
  id: string;
  name: string;
  artist: string;
  durationMs: number;
}

export interface FakeAlbum {
  id: string;
  name: string;
  artist: string;
  totalTracks: number;
  releaseDate: string;
}

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** A stable 22-character base62 id, the shape of a Spotify id. */
export function fakeSpotifyId(seed: string): string {
  const bytes = createHash("sha256").update(seed).digest();
  return Array.from(bytes.subarray(0, 22), (byte) => BASE62[byte % 62]).join("");
}

const parse = (line: string) => {
  const [title = "", artist = "", duration = "0:00"] = line.split("|");
  const [minutes = 0, seconds = 0] = duration.split(":").map(Number);
  return { title, artist, durationMs: (minutes * 60 + seconds) * 1000 };
};

/**
 * The seed's songs as the fake's search index, so most curated tracks are found. In every genre
 * pool the 2nd song is left out (so "not found" happens) and the 4th is listed under a remaster
 * title (so only the plain-text fallback search finds it).
 */
export function seedCatalogue(): { tracks: FakeTrack[]; unknown: { title: string; artist: string }[] } {
  const tracks: FakeTrack[] = [];
  const unknown: { title: string; artist: string }[] = [];
  for (const pool of Object.values(trackPools)) {
    pool.forEach((line, index) => {
      const { title, artist, durationMs } = parse(line);
      if (index === 1) {
        unknown.push({ title, artist });
        return;
      }
      const name = index === 3 ? `${title} - 2011 Remaster` : title;
      tracks.push({ id: fakeSpotifyId(`${title}|${artist}`), name, artist, durationMs });
    });
  }
  return { tracks, unknown };
}

/**
 * The seed's releases as albums: every 3rd is left out (so "not found" happens for albums too) and
 * every 4th is listed as a deluxe edition.
 */
export function seedAlbums(): { albums: FakeAlbum[]; unknown: { title: string; artist: string }[] } {
  const albums: FakeAlbum[] = [];
  const unknown: { title: string; artist: string }[] = [];
  releaseSeeds.forEach((release, index) => {
    if (index % 3 === 2) {
      unknown.push({ title: release.title, artist: release.artist });
      return;
    }
    albums.push({
      id: fakeSpotifyId(`album|${release.title}|${release.artist}`),
      name: index % 4 === 3 ? `${release.title} (Deluxe Edition)` : release.title,
      artist: release.artist,
      totalTracks: release.trackCount,
      releaseDate: release.releaseDate,
    });
  });
  return { albums, unknown };
}

const words = (text: string) =>
  text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);

/**
 * Search with the subset of Spotify's query syntax the site uses: `track:"…"`, `album:"…"` and
 * `artist:"…"` filters (matched exactly, ignoring case) and plain words (every word must occur).
 * `track:` applies to tracks and `album:` to albums; a filter for the other type matches nothing.
 */
export function searchCatalogue<T extends { name: string; artist: string }>(
  items: T[],
  q: string,
  type: "track" | "album" = "track",
): T[] {
  const filters: Record<string, string> = {};
  const rest = q.replace(/\b(track|album|artist):"([^"]*)"/g, (_, field: string, value: string) => {
    filters[field] = value.trim().toLowerCase();
    return " ";
  });
  const wanted = words(rest);
  const other = type === "track" ? "album" : "track";
  if (filters[other] !== undefined) return [];
  return items.filter((item) => {
    if (filters[type] !== undefined && item.name.toLowerCase() !== filters[type]) return false;
    if (filters.artist !== undefined && item.artist.toLowerCase() !== filters.artist) return false;
    const have = new Set(words(`${item.name} ${item.artist}`));
    return wanted.every((word) => have.has(word));
  });
}
