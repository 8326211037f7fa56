import type { Genre } from "@waveform/contracts/genres";
import { asc, eq, or } from "drizzle-orm";
import type { Database } from "../../db/client";
import { genres } from "../../db/schema";

type GenreRow = typeof genres.$inferSelect;

function toGenre(row: GenreRow): Genre {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    colorUI: row.colorIndex,
    popularity: row.popularity,
    artistCount: row.artistCount,
  };
}

export function createGenresRepository(db: Database) {
  return {
    async list(): Promise<Genre[]> {
      const rows = await db.select().from(genres).orderBy(asc(genres.sortOrder), asc(genres.name));
      return rows.map(toGenre);
    },

    /** A genre by numeric id or by slug; null when there is none. */
    async findByIdOrSlug(idOrSlug: string): Promise<Genre | null> {
      const id = /^\d{1,9}$/.test(idOrSlug) ? Number(idOrSlug) : null;
      const condition =
        id === null
          ? eq(genres.slug, idOrSlug.toLowerCase())
          : or(eq(genres.id, id), eq(genres.slug, idOrSlug));
      const [row] = await db.select().from(genres).where(condition).limit(1);
      return row ? toGenre(row) : null;
    },
  };
}

export type GenresRepository = ReturnType<typeof createGenresRepository>;
