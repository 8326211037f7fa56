import { type Genre, type GenreArtist, genreLookupKey, type Subgenre } from "@waveform/contracts/genres";
import { isRowId } from "@waveform/contracts/row-id";
import { and, asc, count, eq, getTableColumns, or, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { genreArtists, genres, playlists, subgenres } from "../../db/schema";
import { imageOrArt } from "../artwork/index";

type GenreRow = typeof genres.$inferSelect & { playlistCount: number };

function toGenre(row: GenreRow): Genre {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    imageUrl: imageOrArt(row.imageUrl, "genre", row.slug),
    playlistCount: row.playlistCount,
    colorUI: row.colorIndex,
    popularity: row.popularity,
    artistCount: row.artistCount,
  };
}

export function createGenresRepository(db: Database) {
  const selectGenres = () =>
    db
      .select({ ...getTableColumns(genres), playlistCount: count(playlists.id) })
      .from(genres)
      // Drafts are not counted: a visitor could not open them.
      .leftJoin(playlists, and(eq(playlists.genreId, genres.id), eq(playlists.published, true)))
      .groupBy(genres.id);

  return {
    async list(): Promise<Genre[]> {
      const rows = await selectGenres().orderBy(asc(genres.sortOrder), asc(genres.name));
      return rows.map(toGenre);
    },

    /** A genre by numeric id or slug; null when there is none. */
    async findByIdOrSlug(idOrSlug: string): Promise<Genre | null> {
      const id = isRowId(idOrSlug) ? Number(idOrSlug) : null;
      const slug = idOrSlug.toLowerCase();
      const condition = id === null ? eq(genres.slug, slug) : or(eq(genres.id, id), eq(genres.slug, slug));
      const [row] = await selectGenres().where(condition).limit(1);
      return row ? toGenre(row) : null;
    },

    /**
     * A genre by its display name in any case, or by its slug (surrounding spaces ignored): how
     * pages name genres in URLs (/api/playlists/genre/:name) and how a Spotify playlist names its
     * source genre. The one place this rule is written on the server.
     */
    async findByName(name: string): Promise<Genre | null> {
      const lowered = genreLookupKey(name);
      const [row] = await selectGenres()
        .where(or(sql`lower(${genres.name}) = ${lowered}`, eq(genres.slug, lowered)))
        .limit(1);
      return row ? toGenre(row) : null;
    },

    async subgenres(genreId: number): Promise<Subgenre[]> {
      return db
        .select({ id: subgenres.id, name: subgenres.name, popularity: subgenres.popularity })
        .from(subgenres)
        .where(eq(subgenres.genreId, genreId))
        .orderBy(asc(subgenres.sortOrder), asc(subgenres.id));
    },

    async artists(genreId: number): Promise<GenreArtist[]> {
      const rows = await db
        .select()
        .from(genreArtists)
        .where(eq(genreArtists.genreId, genreId))
        .orderBy(asc(genreArtists.sortOrder), asc(genreArtists.id));
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        imageUrl: imageOrArt(row.imageUrl, "artist", row.slug),
        platform: row.platform as GenreArtist["platform"],
        genres: row.genres,
      }));
    },
  };
}

export type GenresRepository = ReturnType<typeof createGenresRepository>;
