import { MAX_GENRE_TRACKS } from "@waveform/contracts/spotify";
import { and, asc, eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { playlists, playlistTracks } from "../../db/schema";

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
        // A console draft is not public: saving it to Spotify answers as for no such playlist.
        .where(and(eq(playlists.id, playlistId), eq(playlists.published, true)));
      if (!playlist) return null;
      const tracks = await db
        .select(trackColumns)
        .from(playlistTracks)
        .where(eq(playlistTracks.playlistId, playlistId))
        .orderBy(asc(playlistTracks.position));
      return { title: playlist.title, tracks };
    },

    /**
     * The tracks of every curated playlist of a genre, in the order the site lists those
     * playlists, without repeats (same title and artist, ignoring case), at most MAX_GENRE_TRACKS.
     */
    async genreTracks(genreId: number): Promise<SourceTrack[]> {
      const rows = await db
        .select(trackColumns)
        .from(playlistTracks)
        .innerJoin(playlists, eq(playlists.id, playlistTracks.playlistId))
        .where(and(eq(playlists.genreId, genreId), eq(playlists.published, true)))
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
      return tracks;
    },
  };
}
