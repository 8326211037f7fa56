import { randomBytes } from "node:crypto";
import type { GenreArtistInput, GenreFields, SubgenreInput } from "@waveform/contracts/console-genres";
import { and, eq, max, ne, or, sql } from "drizzle-orm";
import type { Database, Transaction } from "../../db/client";
import { genreArtists, genres, subgenres } from "../../db/schema";
import { slugify } from "../../lib/slugify";
import { type Actor, recordChange } from "../audit/index";
import { CatalogueWriteError, inCatalogueWrite } from "../catalogue-writes/index";

/**
 * The one write path for genres, their subgenres and their artists: the console's API, the CLI and
 * any later code call these. Each write is one transaction with the catalogue's search reindex, the
 * audit entry (entity "genre", the genre's id) and NOTIFY catalogue_changed (decision 0018); the
 * caller in a server clears its own cache afterwards. A genre's slug never changes: renaming it
 * keeps its /genres/<slug> address, its search key and its generated artwork.
 */

type GenreRow = typeof genres.$inferSelect;

const field = CatalogueWriteError.field;
/** What the trail keeps of a genre row: its fields, not the time it was last dated. */
const texts = ({ updatedAt: _updatedAt, ...row }: GenreRow) => row;
const lower = (text: string) => text.trim().toLowerCase();

async function lockGenre(tx: Transaction, id: number): Promise<GenreRow> {
  const [row] = await tx.select().from(genres).where(eq(genres.id, id)).for("update");
  if (!row) throw new CatalogueWriteError(404, "Genre not found");
  return row;
}

/**
 * Runs a change of one genre (or of its subgenres or artists) with the genre's row locked, dates
 * the genre (the sitemap's lastmod) and records what `change` reports as before and after.
 */
async function changeGenre(
  db: Database,
  actor: Actor,
  genreId: number,
  action: string,
  change: (
    tx: Transaction,
    genre: GenreRow,
  ) => Promise<{ before?: unknown; after?: unknown; action?: string }>,
) {
  await inCatalogueWrite(db, async (tx) => {
    const genre = await lockGenre(tx, genreId);
    const { before, after, action: named } = await change(tx, genre);
    await tx.update(genres).set({ updatedAt: new Date() }).where(eq(genres.id, genreId));
    await recordChange(tx, {
      actor,
      entity: "genre",
      entityId: genreId,
      action: named ?? action,
      before,
      after,
    });
  });
}

/**
 * Texts, colour, image and order. A name another genre has (as name or slug, in any case) is
 * refused: pages find a genre by either (genreLookupKey), so two could not be told apart.
 */
export async function updateGenre(db: Database, actor: Actor, id: number, fields: GenreFields) {
  await changeGenre(db, actor, id, "update", async (tx, before) => {
    const key = lower(fields.name);
    const [clash] = await tx
      .select({ name: genres.name })
      .from(genres)
      .where(and(ne(genres.id, id), or(sql`lower(${genres.name}) = ${key}`, eq(genres.slug, key))));
    if (clash) throw field("name", `Another genre is already called "${clash.name}"`);
    const [after] = await tx
      .update(genres)
      .set({
        name: fields.name,
        description: fields.description,
        colorIndex: fields.colorIndex,
        imageUrl: fields.imageUrl || null,
        sortOrder: fields.sortOrder,
      })
      .where(eq(genres.id, id))
      .returning();
    return { before: texts(before), after: after && texts(after) };
  });
}

async function subgenreOf(tx: Transaction, genreId: number, subgenreId: number) {
  const [row] = await tx
    .select()
    .from(subgenres)
    .where(and(eq(subgenres.id, subgenreId), eq(subgenres.genreId, genreId)));
  if (!row) throw new CatalogueWriteError(404, "This genre has no such subgenre");
  return row;
}

async function refuseTakenSubgenre(tx: Transaction, genre: GenreRow, name: string, except = 0) {
  const [taken] = await tx
    .select({ id: subgenres.id })
    .from(subgenres)
    .where(
      and(
        eq(subgenres.genreId, genre.id),
        ne(subgenres.id, except),
        sql`lower(${subgenres.name}) = ${lower(name)}`,
      ),
    );
  if (taken) throw field("name", `${genre.name} already has a subgenre called "${name}"`);
}

const describeSub = ({ name, popularity }: { name: string; popularity: number }) => ({
  subgenre: name,
  popularity,
});

/** A new subgenre, last in the genre's list. */
export async function addSubgenre(db: Database, actor: Actor, genreId: number, input: SubgenreInput) {
  await changeGenre(db, actor, genreId, "add-subgenre", async (tx, genre) => {
    await refuseTakenSubgenre(tx, genre, input.name);
    const [last] = await tx
      .select({ order: max(subgenres.sortOrder) })
      .from(subgenres)
      .where(eq(subgenres.genreId, genreId));
    await tx.insert(subgenres).values({ genreId, ...input, sortOrder: (last?.order ?? -1) + 1 });
    return { after: describeSub(input) };
  });
}

/** Renames it and sets its popularity: recorded as 'rename-subgenre' when the name changed. */
export async function updateSubgenre(
  db: Database,
  actor: Actor,
  genreId: number,
  subgenreId: number,
  input: SubgenreInput,
) {
  await changeGenre(db, actor, genreId, "update-subgenre", async (tx, genre) => {
    const before = await subgenreOf(tx, genreId, subgenreId);
    await refuseTakenSubgenre(tx, genre, input.name, subgenreId);
    await tx.update(subgenres).set(input).where(eq(subgenres.id, subgenreId));
    const action = before.name === input.name ? "update-subgenre" : "rename-subgenre";
    return { before: describeSub(before), after: describeSub(input), action };
  });
}

export async function removeSubgenre(db: Database, actor: Actor, genreId: number, subgenreId: number) {
  await changeGenre(db, actor, genreId, "remove-subgenre", async (tx) => {
    const before = await subgenreOf(tx, genreId, subgenreId);
    await tx.delete(subgenres).where(eq(subgenres.id, subgenreId));
    return { before: describeSub(before) };
  });
}

async function artistOf(tx: Transaction, genreId: number, artistId: number) {
  const [row] = await tx
    .select()
    .from(genreArtists)
    .where(and(eq(genreArtists.id, artistId), eq(genreArtists.genreId, genreId)));
  if (!row) throw new CatalogueWriteError(404, "This genre has no such artist");
  return row;
}

const describeArtist = (artist: { name: string; platform: string; imageUrl: string | null }) => ({
  artist: artist.name,
  platform: artist.platform,
  imageUrl: artist.imageUrl,
});

/**
 * A new artist, last in the genre's list, labelled with the genre's name. The slug (made once from
 * the name; a taken one gets a short random suffix) keys the generated portrait and search result.
 */
export async function addArtist(db: Database, actor: Actor, genreId: number, input: GenreArtistInput) {
  await changeGenre(db, actor, genreId, "add-artist", async (tx, genre) => {
    const words = slugify(input.name) || "artist";
    const [taken] = await tx
      .select({ id: genreArtists.id })
      .from(genreArtists)
      .where(eq(genreArtists.slug, words));
    const [last] = await tx
      .select({ order: max(genreArtists.sortOrder) })
      .from(genreArtists)
      .where(eq(genreArtists.genreId, genreId));
    await tx.insert(genreArtists).values({
      genreId,
      slug: taken ? `${words}-${randomBytes(3).toString("hex")}` : words,
      name: input.name,
      platform: input.platform,
      imageUrl: input.imageUrl || null,
      genres: [genre.name],
      sortOrder: (last?.order ?? -1) + 1,
    });
    return { after: describeArtist(input) };
  });
}

/** Name, platform and image; the slug stays. */
export async function updateArtist(
  db: Database,
  actor: Actor,
  genreId: number,
  artistId: number,
  input: GenreArtistInput,
) {
  await changeGenre(db, actor, genreId, "update-artist", async (tx) => {
    const before = await artistOf(tx, genreId, artistId);
    await tx
      .update(genreArtists)
      .set({ name: input.name, platform: input.platform, imageUrl: input.imageUrl || null })
      .where(eq(genreArtists.id, artistId));
    return {
      before: describeArtist(before),
      after: describeArtist(input),
    };
  });
}

export async function removeArtist(db: Database, actor: Actor, genreId: number, artistId: number) {
  await changeGenre(db, actor, genreId, "remove-artist", async (tx) => {
    const before = await artistOf(tx, genreId, artistId);
    await tx.delete(genreArtists).where(eq(genreArtists.id, artistId));
    return { before: describeArtist(before) };
  });
}
