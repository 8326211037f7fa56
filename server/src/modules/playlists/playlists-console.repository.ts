import type { PlaylistPlatform } from "@waveform/contracts/catalogue";
import type { ConsolePlaylist, ConsolePlaylistList } from "@waveform/contracts/console-playlists";
import { asc, count, desc, eq, ilike, or, sql } from "drizzle-orm";
import type { Database, Transaction } from "../../db/client";
import { genres, playlists, playlistTracks } from "../../db/schema";

/** `%`, `_` and `\` typed in the search box are matched as themselves. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The console's reads: drafts included (the public repository leaves them out). The list is paged
 * and searched in the database, so it stays quick however many playlists the club keeps.
 */
export function createConsolePlaylistsRepository(db: Database | Transaction) {
  return {
    async list(query: { q?: string | undefined; page: number; limit: number }): Promise<ConsolePlaylistList> {
      const q = query.q?.trim();
      const where = q
        ? or(
            ilike(playlists.title, likePattern(q)),
            ilike(playlists.curator, likePattern(q)),
            ilike(genres.name, likePattern(q)),
          )
        : undefined;
      const [total] = await db
        .select({ n: count() })
        .from(playlists)
        .innerJoin(genres, eq(genres.id, playlists.genreId))
        .where(where);
      const trackCount = db
        .select({ n: count() })
        .from(playlistTracks)
        .where(eq(playlistTracks.playlistId, playlists.id));
      const rows = await db
        .select({
          id: playlists.id,
          title: playlists.title,
          genre: genres.name,
          platform: playlists.platform,
          curator: playlists.curator,
          trackCount: sql<number>`(${trackCount})::int`,
          featured: playlists.featured,
          published: playlists.published,
          updatedOn: playlists.updatedOn,
        })
        .from(playlists)
        .innerJoin(genres, eq(genres.id, playlists.genreId))
        .where(where)
        // Newest first: what a curator just made is on the first page.
        .orderBy(desc(playlists.createdAt), desc(playlists.id))
        .limit(query.limit)
        .offset((query.page - 1) * query.limit);
      return {
        rows: rows.map((row) => ({ ...row, platform: row.platform as PlaylistPlatform })),
        total: total?.n ?? 0,
        page: query.page,
        limit: query.limit,
      };
    },

    /** One playlist with its tracks as the edit form loads it, draft or not; null when missing. */
    async byId(id: number): Promise<ConsolePlaylist | null> {
      const [row] = await db.select().from(playlists).where(eq(playlists.id, id));
      if (!row) return null;
      const tracks = await db
        .select({
          position: playlistTracks.position,
          title: playlistTracks.title,
          artist: playlistTracks.artist,
          durationSeconds: playlistTracks.durationSeconds,
          spotifyUri: playlistTracks.spotifyUri,
        })
        .from(playlistTracks)
        .where(eq(playlistTracks.playlistId, id))
        .orderBy(asc(playlistTracks.position));
      return {
        id: row.id,
        title: row.title,
        description: row.description,
        genreId: row.genreId,
        curator: row.curator,
        platform: row.platform as PlaylistPlatform,
        // The address the curator sees is the canonical one; without a platform id there is none.
        platformAddress: row.platformId ? row.externalUrl : "",
        platformId: row.platformId,
        externalUrl: row.externalUrl,
        imageUrl: row.imageUrl,
        featured: row.featured,
        published: row.published,
        updatedOn: row.updatedOn,
        tracks,
      };
    },
  };
}
