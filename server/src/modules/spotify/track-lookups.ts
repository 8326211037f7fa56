import { and, eq, gt, inArray, isNotNull, or, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { playlistTracks, spotifyLookups } from "../../db/schema";
import type { SearchItem } from "../../integrations/spotify/spotify-api";
import { bestMatch } from "./best-match";
import { createIdResolverRepository } from "./id-resolver.repository";

interface Song {
  title: string;
  artist: string;
}

/** One key per song, exactly as written (the resolver's lookups are keyed the same way). */
export const songKey = (song: Song) => `${song.title}\u0000${song.artist}`;

const TRACK_URI = /^spotify:track:[A-Za-z0-9]{22}$/;
/** As the background resolver: a "not found" is asked again after this many days. */
const RETRY_NOT_FOUND_DAYS = 7;

/**
 * What is known of songs' Spotify ids before a visitor's playlist searches for them: the background
 * resolver's lookups (spotify_lookups) and the ids on curated rows; and what the visitor's searches
 * answered, kept the same way, so each song is searched once for everybody.
 */
export function createTrackLookups(db: Database) {
  const resolver = createIdResolverRepository(db);
  return {
    /**
     * A uri (found) or null (Spotify had none in the last 7 days) for the songs already looked up,
     * by songKey; songs never looked up, or not found longer ago, are absent.
     */
    async known(songs: Song[]): Promise<Map<string, string | null>> {
      const known = new Map<string, string | null>();
      const titles = [...new Set(songs.map((song) => song.title))];
      if (titles.length === 0) return known;
      const wanted = new Set(songs.map(songKey));
      const [lookups, rows] = await Promise.all([
        db
          .select({ title: spotifyLookups.title, artist: spotifyLookups.artist, uri: spotifyLookups.uri })
          .from(spotifyLookups)
          .where(
            and(
              eq(spotifyLookups.kind, "track"),
              inArray(spotifyLookups.title, titles),
              or(
                isNotNull(spotifyLookups.uri),
                gt(spotifyLookups.lookedUpAt, sql`now() - make_interval(days => ${RETRY_NOT_FOUND_DAYS})`),
              ),
            ),
          ),
        db
          .selectDistinct({
            title: playlistTracks.title,
            artist: playlistTracks.artist,
            uri: playlistTracks.spotifyUri,
          })
          .from(playlistTracks)
          .where(and(inArray(playlistTracks.title, titles), isNotNull(playlistTracks.spotifyUri))),
      ]);
      for (const row of [...lookups, ...rows]) {
        const key = songKey(row);
        // A uri wins over "not found" (a curated row's id set in the console, say).
        if (wanted.has(key) && !known.get(key)) known.set(key, row.uri);
      }
      return known;
    },

    /**
     * Keeps what a visitor's search answered as the resolver keeps its own: a track the resolver
     * would take (bestMatch: this title by this artist, a remaster counts), set on the curated rows
     * of that song too, or "not found". A looser match (findTrack takes Spotify's first
     * field-filtered hit) goes into this visitor's playlist but is not kept. Returns how many
     * curated rows got the id.
     */
    async keep(song: Song, match: SearchItem | null): Promise<number> {
      const wanted = { kind: "track" as const, title: song.title, artist: song.artist };
      if (match === null) return resolver.record(wanted, null);
      if (!TRACK_URI.test(match.uri) || !bestMatch([match], song.title, song.artist)) return 0;
      return resolver.record(wanted, match.uri);
    },
  };
}

export type TrackLookups = ReturnType<typeof createTrackLookups>;
