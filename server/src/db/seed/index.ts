import { count, sql } from "drizzle-orm";
import type { Database } from "../client";
import { genres } from "../schema";
import { genreSeeds } from "./genres.data";

/** Writes the seed catalogue; running it again leaves the same rows (upserts by natural key). */
export async function seedDatabase(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    for (const [sortOrder, genre] of genreSeeds.entries()) {
      const values = { ...genre, sortOrder };
      await tx
        .insert(genres)
        .values(values)
        .onConflictDoUpdate({ target: genres.slug, set: { ...values, updatedAt: sql`now()` } });
    }
  });
}

/** True when the catalogue has no rows yet: the first start of a new database. */
export async function isCatalogueEmpty(db: Database): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(genres);
  return (row?.n ?? 0) === 0;
}
