import type { Playlist, PlaylistDetail } from "@waveform/contracts/playlists";
import { and, asc, count, eq, getTableColumns, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client";
import { genres, playlists, playlistTracks } from "../../db/schema";
import { imageOrArt } from "../artwork/index";

type PlaylistRow = typeof playlists.$inferSelect & { genre: string; trackCount: number };

function toPlaylist(row: PlaylistRow): Playlist {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    imageUrl: imageOrArt(row.imageUrl, "cover", row.slug),
    genre: row.genre,
    platform: row.platform as Playlist["platform"],
    curator: row.curator,
    trackCount: row.trackCount,
    externalUrl: row.externalUrl,
    platformId: row.platformId,
    publishedDate: row.publishedOn,
    updatedAt: row.updatedOn,
    isNew: row.isNew,
    featured: row.featured,
  };
}

/** The public site's reads: a console draft (published = false) is left out of every one of them. */
export function createPlaylistsRepository(db: Database) {
  const select = (where?: SQL) =>
    db
      .select({
        ...getTableColumns(playlists),
        genre: genres.name,
        trackCount: count(playlistTracks.position),
      })
      .from(playlists)
      .innerJoin(genres, eq(genres.id, playlists.genreId))
      .leftJoin(playlistTracks, eq(playlistTracks.playlistId, playlists.id))
      .where(and(eq(playlists.published, true), where))
      .groupBy(playlists.id, genres.name)
      .orderBy(asc(playlists.sortOrder), asc(playlists.id));

  return {
    async list(): Promise<Playlist[]> {
      return (await select()).map(toPlaylist);
    },

    async featured(): Promise<Playlist[]> {
      return (await select(eq(playlists.featured, true))).map(toPlaylist);
    },

    async byGenre(genreId: number): Promise<Playlist[]> {
      return (await select(eq(playlists.genreId, genreId))).map(toPlaylist);
    },

    async byId(id: number): Promise<PlaylistDetail | null> {
      const [row] = await select(eq(playlists.id, id));
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
      return { ...toPlaylist(row), tracks };
    },
  };
}
