import { eq, sql } from "drizzle-orm";
import type { Database, Transaction } from "../../db/client";
import { searchDocuments } from "../../db/schema";
import { catalogueDocuments } from "./catalogue-documents";
import { editorialDocuments } from "./editorial-documents";
import { podcastDocuments } from "./podcast-documents";
import { rowsOf, type SearchDocument, type SearchRow, toRow } from "./search-document";

/** 14 parameters a row: well under PostgreSQL's 65,535 per statement. */
const INSERT_BATCH = 1000;

/** Replaces every row of `source` with `docs`, inside the caller's transaction. */
async function replaceSource(tx: Transaction, source: string, docs: SearchDocument[]): Promise<void> {
  await tx.delete(searchDocuments).where(eq(searchDocuments.source, source));
  const rows: SearchRow[] = docs.map((doc) => toRow(source, doc));
  for (let start = 0; start < rows.length; start += INSERT_BATCH) {
    await tx
      .insert(searchDocuments)
      .values(rows.slice(start, start + INSERT_BATCH))
      .onConflictDoNothing();
  }
}

/**
 * Indexes the catalogue (genres, subgenres, artists, playlists, tracks, releases) as it stands in
 * `tx`: the catalogue import calls it before it commits, so the index changes with the catalogue.
 */
export async function reindexCatalogue(tx: Transaction): Promise<void> {
  await replaceSource(tx, "catalogue", await catalogueDocuments(tx));
}

/** Indexes one show and its episodes as they stand in `tx`: feed ingestion calls it before it commits. */
export async function reindexPodcast(tx: Transaction, podcastId: number): Promise<void> {
  await replaceSource(tx, `podcast:${podcastId}`, await podcastDocuments(tx, podcastId));
}

/** Any number: names the lock that keeps two servers from writing the editorial rows at once. */
const EDITORIAL_LOCK = 0x5ea4c11;

/**
 * Writes the documents of the client's own data (merchandise, spotlight, partners, charts, pages):
 * run on every start, so a deploy that changes that data is indexed without a migration.
 */
export async function syncEditorialDocuments(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${EDITORIAL_LOCK})`);
    await replaceSource(tx, "editorial", editorialDocuments());
  });
}

/**
 * Fills the index of a database that has a catalogue but no index yet (one from before migration
 * 0007), and rewrites the editorial rows: every start runs it, after migrations and the seed.
 */
export async function ensureSearchIndex(db: Database): Promise<void> {
  await syncEditorialDocuments(db);
  const indexed = await db.execute(
    sql`select exists (select 1 from search_documents where source = 'catalogue') as indexed`,
  );
  if (rowsOf<{ indexed: boolean }>(indexed)[0]?.indexed) return;
  await db.transaction(async (tx) => {
    await reindexCatalogue(tx);
    const shows = await tx.execute(sql`select id from podcasts order by id`);
    for (const row of rowsOf<{ id: number }>(shows)) await reindexPodcast(tx, row.id);
  });
}
