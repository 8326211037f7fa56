import type { PlaylistPlatform } from "@waveform/contracts/catalogue";
import type { ConsoleGenre, ConsoleGenreRow } from "@waveform/contracts/console-genres";
import { asc, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { genreArtists, genres, subgenres } from "../../db/schema";

/** How many rows of `table` belong to the genre of the outer row (drafts counted too). */
const countOf = (table: "subgenres" | "genre_artists" | "playlists") =>
  sql<number>`(select count(*) from ${sql.identifier(table)} x where x.genre_id = ${sql.identifier("genres")}.id)::int`;

/** The console's reads of genres: the stored addresses (null: generated art), drafts counted too. */
export function createConsoleGenresRepository(db: Database) {
  return {
    async list(): Promise<ConsoleGenreRow[]> {
      return db
        .select({
          id: genres.id,
          slug: genres.slug,
          name: genres.name,
          colorIndex: genres.colorIndex,
          sortOrder: genres.sortOrder,
          subgenreCount: countOf("subgenres"),
          artistCount: countOf("genre_artists"),
          playlistCount: countOf("playlists"),
        })
        .from(genres)
        .orderBy(asc(genres.sortOrder), asc(genres.name));
    },

    async byId(id: number): Promise<ConsoleGenre | null> {
      const [row] = await db.select().from(genres).where(eq(genres.id, id));
      if (!row) return null;
      const subs = await db
        .select({ id: subgenres.id, name: subgenres.name, popularity: subgenres.popularity })
        .from(subgenres)
        .where(eq(subgenres.genreId, id))
        .orderBy(asc(subgenres.sortOrder), asc(subgenres.id));
      const artists = await db
        .select({
          id: genreArtists.id,
          slug: genreArtists.slug,
          name: genreArtists.name,
          platform: genreArtists.platform,
          imageUrl: genreArtists.imageUrl,
        })
        .from(genreArtists)
        .where(eq(genreArtists.genreId, id))
        .orderBy(asc(genreArtists.sortOrder), asc(genreArtists.id));
      return {
        id: row.id,
        slug: row.slug,
        name: row.name,
        description: row.description,
        colorIndex: row.colorIndex,
        imageUrl: row.imageUrl,
        sortOrder: row.sortOrder,
        subgenres: subs,
        artists: artists.map((artist) => ({ ...artist, platform: artist.platform as PlaylistPlatform })),
      };
    },
  };
}
