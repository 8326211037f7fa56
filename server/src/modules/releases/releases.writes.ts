import { randomBytes } from "node:crypto";
import type { ReleaseFields } from "@waveform/contracts/console-releases";
import { eq } from "drizzle-orm";
import type { Database, Transaction } from "../../db/client";
import { releases } from "../../db/schema";
import { slugify } from "../../lib/slugify";
import { type Actor, recordChange } from "../audit/index";
import { CatalogueWriteError, inCatalogueWrite } from "../catalogue-writes/index";

/**
 * The one write path for releases: the console's API, the CLI and any later code call these. Each
 * write is one transaction with the catalogue's search reindex, the audit entry and NOTIFY
 * catalogue_changed (decision 0018); the caller in a server clears its own cache afterwards.
 */

type Row = typeof releases.$inferSelect;

const notFound = () => new CatalogueWriteError(404, "Release not found");

async function lockRow(tx: Transaction, id: number): Promise<Row> {
  const [row] = await tx.select().from(releases).where(eq(releases.id, id)).for("update");
  if (!row) throw notFound();
  return row;
}

const columnsOf = (fields: ReleaseFields) => ({
  title: fields.title,
  artist: fields.artist,
  imageUrl: fields.imageUrl || null,
  releaseDate: fields.releaseDate,
  trackCount: fields.trackCount,
  platform: fields.platform,
  externalUrl: fields.externalUrl,
  isNew: fields.isNew,
});

/**
 * Artist and title as an address-safe name, made once: the slug keys the release's generated
 * cover and its search document, so it never changes when the release is edited. A taken one
 * gets a short random suffix.
 */
async function newSlug(tx: Transaction, fields: ReleaseFields): Promise<string> {
  const words = slugify(`${fields.artist} ${fields.title}`, 70) || "release";
  const [taken] = await tx.select({ id: releases.id }).from(releases).where(eq(releases.slug, words));
  return taken ? `${words}-${randomBytes(3).toString("hex")}` : words;
}

export async function createRelease(db: Database, actor: Actor, fields: ReleaseFields): Promise<number> {
  return inCatalogueWrite(db, async (tx) => {
    const [row] = await tx
      .insert(releases)
      .values({ ...columnsOf(fields), slug: await newSlug(tx, fields) })
      .returning();
    if (!row) throw new Error("the new release was not written");
    await recordChange(tx, { actor, entity: "release", entityId: row.id, action: "create", after: row });
    return row.id;
  });
}

/** Changes every field but the slug; a Spotify album found for the old title is looked up again. */
export async function updateRelease(db: Database, actor: Actor, id: number, fields: ReleaseFields) {
  await inCatalogueWrite(db, async (tx) => {
    const before = await lockRow(tx, id);
    const columns = columnsOf(fields);
    const sameAlbum = before.title === columns.title && before.artist === columns.artist;
    const [after] = await tx
      .update(releases)
      // The background resolver finds the album again for a new title or artist.
      .set({ ...columns, ...(sameAlbum ? {} : { spotifyUri: null }) })
      .where(eq(releases.id, id))
      .returning();
    await recordChange(tx, { actor, entity: "release", entityId: id, action: "update", before, after });
  });
}

/** Deletes it; the audit entry keeps what it was. */
export async function deleteRelease(db: Database, actor: Actor, id: number) {
  await inCatalogueWrite(db, async (tx) => {
    const before = await lockRow(tx, id);
    await tx.delete(releases).where(eq(releases.id, id));
    await recordChange(tx, { actor, entity: "release", entityId: id, action: "delete", before });
  });
}
