import { eq, sql } from "drizzle-orm";
import type { Database, Transaction } from "../../db/client";
import { mergeGinPendingLists } from "../../db/gin-pending-lists";
import { searchDocuments } from "../../db/schema";
import { catalogueDocuments } from "./catalogue-documents";
import { editorialDocuments } from "./editorial-documents";
import { podcastDocuments } from "./podcast-documents";
import { normaliser, rowsOf, type SearchDocument, type SearchRow, toRow } from "./search-document";
import { deletePrefixes, prefixLists, writePrefixLists } from "./search-prefixes";

/** Rows sent in one statement, as one JSON parameter (a few MB at most). */
const INSERT_BATCH = 5000;
/**
 * A rewrite of at least this many documents drops the table's secondary indexes and builds them
 * again after the load: building a GIN index once is several times faster than growing four of
 * them row by row (decision 0011). It locks the index's tables until the commit.
 */
const BULK_REWRITE = 5000;
/** A write of at least this many documents (the seed's catalogue, an import) analyses the tables. */
const ANALYZE_AFTER = 200;

/** The secondary indexes of the search tables (not the primary keys), as the migrations made them. */
async function secondaryIndexes(tx: Transaction): Promise<Array<{ name: string; definition: string }>> {
  const result = await tx.execute(sql`
    select i.relname as name, pg_get_indexdef(i.oid) as definition
    from pg_index x
    join pg_class i on i.oid = x.indexrelid
    where x.indrelid = 'search_documents'::regclass and not x.indisprimary
    order by i.relname`);
  return rowsOf<{ name: string; definition: string }>(result);
}

/** One batch of rows, as one statement with one JSON parameter. */
function insertStatement(rows: SearchRow[]) {
  const batch = rows.map((row) => ({
    ...row,
    recency: row.recency instanceof Date ? row.recency.toISOString() : null,
  }));
  return sql`
    insert into search_documents (kind, key, source, title, subtitle, image, href, spotify_url,
      popularity, recency, title_norm, title_compact, text_norm, names_norm)
    select kind, key, source, title, subtitle, image, href, "spotifyUrl", popularity, recency,
      "titleNorm", "titleCompact", "textNorm", "namesNorm"
    from json_to_recordset(${JSON.stringify(batch)}::json) as r(kind text, key text, source text,
      title text, subtitle text, image text, href text, "spotifyUrl" text, popularity real,
      recency timestamptz, "titleNorm" text, "titleCompact" text, "textNorm" text, "namesNorm" text)
    on conflict do nothing`;
}

/**
 * Writes `docs` as `source`'s rows, and answers the rows once the last batch is sent, with `written`
 * settling when it is written. Each batch is normalised while the database writes the one before:
 * the server's PGlite runs in a thread of its own (and PostgreSQL in a process of its own), so the
 * two overlap (decision 0011, sixth sitting). `then` sends a statement at once (drizzle's are lazy)
 * and a turn of the event loop lets it out before the next batch is made; one is in flight at most.
 */
async function insertDocuments(
  tx: Transaction,
  source: string,
  docs: SearchDocument[],
): Promise<{ rows: SearchRow[]; written: Promise<void> }> {
  const normalise = normaliser();
  const rows: SearchRow[] = [];
  let writing: Promise<void> = Promise.resolve();
  for (let start = 0; start < docs.length; start += INSERT_BATCH) {
    const batch = docs.slice(start, start + INSERT_BATCH).map((doc) => toRow(source, doc, normalise));
    for (const row of batch) rows.push(row);
    const statement = insertStatement(batch);
    await writing;
    writing = tx.execute(statement).then(() => undefined);
    // Awaited above or by the caller; marked handled for a failure that arrives before then.
    writing.catch(() => {});
    await new Promise((resolve) => setImmediate(resolve));
  }
  return { rows, written: writing };
}

/**
 * Replaces every row of `source` with `docs`, and their prefix rows, inside the caller's transaction.
 * Exported for the tests of its batches (search-writes.test.ts); writers call the functions below.
 */
export async function replaceSource(
  tx: Transaction,
  source: string,
  docs: SearchDocument[],
  bulk = docs.length >= BULK_REWRITE,
): Promise<void> {
  await deletePrefixes(tx, source);
  await tx.delete(searchDocuments).where(eq(searchDocuments.source, source));
  const indexes = bulk ? await secondaryIndexes(tx) : [];
  for (const index of indexes) await tx.execute(sql.raw(`drop index "${index.name}"`));
  const { rows, written } = await insertDocuments(tx, source, docs);
  const lists = prefixLists(rows); // while the last batch is written
  await written;
  await writePrefixLists(tx, source, lists);
  // The sorted GIN build runs in memory up to this (the default, 64 MB, spills the text index).
  if (indexes.length > 0) await tx.execute(sql`set local maintenance_work_mem = '128MB'`);
  for (const index of indexes) await tx.execute(sql.raw(index.definition));
  // Indexes built afresh have no pending entries; grown ones merge theirs before readers see them.
  if (indexes.length === 0) await mergeGinPendingLists(tx, "search_documents");
  // Fresh statistics after a large write: PGlite never analyses by itself, and without them the
  // planner chose whole-table plans on the seed (decision 0011).
  if (rows.length >= ANALYZE_AFTER) await tx.execute(sql`analyze search_documents, search_prefix_lists`);
}

/**
 * Indexes the catalogue (genres, subgenres, artists, playlists, tracks, releases) as it stands in
 * `tx`: the catalogue import calls it before it commits, so the index changes with the catalogue.
 */
export async function reindexCatalogue(tx: Transaction, options: { bulk?: boolean } = {}): Promise<void> {
  const docs = await catalogueDocuments(tx);
  await replaceSource(tx, "catalogue", docs, options.bulk ?? docs.length >= BULK_REWRITE);
}

/** Indexes one show and its episodes as they stand in `tx`: feed ingestion calls it before it commits. */
export async function reindexPodcast(tx: Transaction, podcastId: number): Promise<void> {
  await replaceSource(tx, `podcast:${podcastId}`, await podcastDocuments(tx, podcastId));
}

/** Any number: names the lock that keeps two servers from writing the editorial rows at once. */
const EDITORIAL_LOCK = 0x5ea4c11;

/** A row as compared: the columns a writer sets, with the forms either database answers made equal. */
const comparable = (row: SearchRow) =>
  JSON.stringify([
    row.kind,
    row.key,
    row.title,
    row.subtitle,
    row.image ?? null,
    row.href,
    row.spotifyUrl ?? null,
    Math.fround(Number(row.popularity ?? 0)),
    row.recency == null ? null : new Date(row.recency).toISOString(),
    row.titleNorm,
    row.titleCompact,
    row.textNorm,
    row.namesNorm,
  ]);

/** Whether the stored editorial rows are exactly `rows` (same set, same values). */
async function editorialRowsAre(db: Database, rows: SearchRow[]): Promise<boolean> {
  const stored = rowsOf<SearchRow>(
    await db.execute(sql`
      select kind, key, title, subtitle, image, href, spotify_url as "spotifyUrl", popularity,
        recency, title_norm as "titleNorm", title_compact as "titleCompact", text_norm as "textNorm",
        names_norm as "namesNorm"
      from search_documents where source = 'editorial'`),
  );
  if (stored.length !== rows.length) return false;
  const wanted = new Set(rows.map(comparable));
  return wanted.size === rows.length && stored.every((row) => wanted.has(comparable(row)));
}

/**
 * Writes the documents of the client's own data (merchandise, spotlight, partners, charts, pages):
 * run on every start, so a deploy that changes that data is indexed without a migration. A start
 * that finds them as they should be (the usual case) writes nothing. The prefix rows follow the
 * document rows: a change to how prefixes are derived comes with a migration that rebuilds them.
 */
export async function syncEditorialDocuments(db: Database): Promise<void> {
  const rows = editorialDocuments().map((doc) => toRow("editorial", doc));
  // Most starts find the rows as they should be: reading them costs a fraction of rewriting them
  // (the rewrite's transaction holds every other query of the start for ~0.2 s on PGlite).
  if (await editorialRowsAre(db, rows)) return;
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
