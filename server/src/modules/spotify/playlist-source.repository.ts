import { MAX_GENRE_TRACKS } from "@waveform/contracts/spotify";
import { asc, eq, or, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { genres, playlists, playlistTracks } from "../../db/schema";

export interface SourceTrack {
  title: string;
  artist: string;
  spotifyUri: string | null;
}

const trackColumns = {
  title: playlistTracks.title,
  artist: playlistTracks.artist,
  spotifyUri: playlistTracks.spotifyUri,
};

/** The catalogue tracks a Spotify playlist is made from (read-only; the catalogue is not changed). */
export function createPlaylistSourceRepository(db: Database) {
  return {
    /** The curated playlist's tracks in order, or null when there is no such playlist. */
    async playlistTracks(playlistId: number): Promise<{ title: string; tracks: SourceTrack[] } | null> {
      const [playlist] = await db
        .select({ title: playlists.title })
        .from(playlists)
        .where(eq(playlists.id, playlistId));
      if (!playlist) return null;
      const tracks = await db
        .select(trackColumns)
        .from(playlistTracks)
        .where(eq(playlistTracks.playlistId, playlistId))
        .orderBy(asc(playlistTracks.position));
      return { title: playlist.title, tracks };
    },

    /**
     * The tracks of every curated playlist of a genre (by name in any case, or slug), in the order
     * the site lists those playlists, without repeats (same title and artist, ignoring case), at
     * most MAX_GENRE_TRACKS. Null when there is no such genre.
     */
    async genreTracks(genre: string): Promise<{ name: string; tracks: SourceTrack[] } | null> {
      const lowered = genre.trim().toLowerCase();
      const [found] = await db
        .select({ id: genres.id, name: genres.name })
        .from(genres)
        .where(or(sql`lower(${genres.name}) = ${lowered}`, eq(genres.slug, lowered)))
        .limit(1);
      if (!found) return null;
      const rows = await db
        .select(trackColumns)
        .from(playlistTracks)
        .innerJoin(playlists, eq(playlists.id, playlistTracks.playlistId))
        .where(eq(playlists.genreId, found.id))
        .orderBy(asc(playlists.sortOrder), asc(playlists.id), asc(playlistTracks.position));
      const seen = new Set<string>();
      const tracks: SourceTrack[] = [];
      for (const row of rows) {
        const key = `${row.title.toLowerCase()}\u0000${row.artist.toLowerCase()}`;
        if (seen.has(key)) continue;
        seen.add(key);
        tracks.push(row);
        if (tracks.length === MAX_GENRE_TRACKS) break;
      }
      return { name: found.name, tracks };
    },
  };
}
