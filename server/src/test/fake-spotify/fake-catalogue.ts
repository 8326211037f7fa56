import { createHash } from "node:crypto";
import { trackPools } from "../../db/seed/tracks.data";

export interface FakeTrack {
  id: string;
  name: string;
  artist: string;
  durationMs: number;
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

const words = (text: string) =>
  text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);

/**
 * Search with the subset of Spotify's query syntax the site uses: `track:"…"` and `artist:"…"`
 * filters (matched exactly, ignoring case) and plain words (every word must occur).
 */
export function searchCatalogue(tracks: FakeTrack[], q: string): FakeTrack[] {
  const filters: Record<string, string> = {};
  const rest = q.replace(/\b(track|artist):"([^"]*)"/g, (_, field: string, value: string) => {
    filters[field] = value.trim().toLowerCase();
    return " ";
  });
  const wanted = words(rest);
  return tracks.filter((track) => {
    if (filters.track !== undefined && track.name.toLowerCase() !== filters.track) return false;
    if (filters.artist !== undefined && track.artist.toLowerCase() !== filters.artist) return false;
    const have = new Set(words(`${track.name} ${track.artist}`));
    return wanted.every((word) => have.has(word));
  });
}
