import { type SQL, sql } from "drizzle-orm";
import type { Transaction } from "../../db/client";
import type { SearchRow } from "./search-document";
import type { SearchQuery } from "./search-ranking";

/**
 * Queries of one to three letters (decision 0011): a letter or two matches a large share of the
 * index, and ranking every match took 0.1–3.5 s on 100,000 items. They are answered from
 * `search_prefix_lists`: for each start (1–3 letters) of a word of a title, or of the title without
 * spaces, per kind and source, how many documents hold it and the keys of the first
 * PREFIX_LIST_MAX of them in result order (tier, popularity, recency, title, key). A search reads a
 * few lists, fetches those documents by key and merges the sources; the counts are the lists' `n`.
 */
export const PREFIX_MAX = 3;
/** Keys kept per list: a page beyond them is ranked from the documents (pages of 20: page 25). */
export const PREFIX_LIST_MAX = 500;

/** A query the prefix lists answer: one word of at most three letters ('e', 'el', 'hea', 'r&b'). */
export const isPrefixQuery = (query: SearchQuery) =>
  query.words.length === 1 && query.compact.length >= 1 && query.compact.length <= PREFIX_MAX;

/** Whether a UTF-16 unit is half of a surrogate pair (a code point past U+FFFF). */
const isSurrogate = (unit: number) => unit >= 0xd800 && unit <= 0xdfff;

/** Code-point order, as PostgreSQL's "C" collation compares (UTF-16 `<` differs past U+FFFF). */
export function compareCodePoints(a: string, b: string): number {
  if (a === b) return 0;
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    // A surrogate sorts after every other BMP unit from U+D800 up.
    if (isSurrogate(x) !== isSurrogate(y) && Math.min(x, y) >= 0xd800) return isSurrogate(x) ? 1 : -1;
    return x - y;
  }
  return a.length - b.length;
}

/** A row with its sort keys computed once (a sort of 100,000 rows compares ~1.7 million pairs). */
interface Keyed {
  row: SearchRow;
  /** As the real column holds it. */
  popularity: number;
  recency: number | null;
}

/** Result order within a tier: popularity, recency, title, key. */
function compareKeyed(a: Keyed, b: Keyed): number {
  const popularity = b.popularity - a.popularity;
  if (popularity !== 0) return popularity;
  if (a.recency !== b.recency)
    return a.recency === null ? 1 : b.recency === null ? -1 : b.recency - a.recency;
  return compareCodePoints(a.row.title, b.row.title) || compareCodePoints(a.row.key, b.row.key);
}

/** The starts (1–3 letters) of each word of the title and of the title without spaces. */
function prefixesOf(row: SearchRow): Set<string> {
  const prefixes = new Set<string>();
  for (const word of [...row.titleNorm.split(" "), row.titleCompact])
    for (let n = 1; n <= Math.min(PREFIX_MAX, word.length); n++) prefixes.add(word.slice(0, n));
  return prefixes;
}

interface PrefixList {
  prefix: string;
  kind: string;
  n: number;
  exact: string[];
  others: string[];
}

/**
 * The lists of `rows` (one source's documents): tier 0 when the title, or the title without spaces,
 * is the prefix, else 1, as rankTier ranks a one-word query; within a tier, result order.
 */
export function prefixLists(
  rows: SearchRow[],
): Array<{ prefix: string; kind: string; n: number; keys: string[] }> {
  const seen = new Set<string>();
  const unique: Keyed[] = [];
  for (const row of rows) {
    const id = `${row.kind}\u0000${row.key}`;
    if (seen.has(id)) continue;
    seen.add(id);
    const recency = row.recency ? row.recency.getTime() : null;
    unique.push({ row, popularity: Math.fround(row.popularity ?? 0), recency });
  }
  unique.sort(compareKeyed);
  const lists = new Map<string, PrefixList>();
  for (const { row } of unique) {
    for (const prefix of prefixesOf(row)) {
      const id = `${prefix}\u0000${row.kind}`;
      let list = lists.get(id);
      if (!list) {
        list = { prefix, kind: row.kind, n: 0, exact: [], others: [] };
        lists.set(id, list);
      }
      list.n++;
      if (row.titleNorm === prefix || row.titleCompact === prefix) list.exact.push(row.key);
      else if (list.others.length < PREFIX_LIST_MAX) list.others.push(row.key);
    }
  }
  return [...lists.values()].map(({ prefix, kind, n, exact, others }) => ({
    prefix,
    kind,
    n,
    keys: [...exact, ...others].slice(0, PREFIX_LIST_MAX),
  }));
}

/** Lists sent in one statement, as one JSON parameter. */
const LIST_BATCH = 5000;

/** Writes prefix lists (prefixLists of `source`'s documents, just written in `tx`). */
export async function writePrefixLists(
  tx: Transaction,
  source: string,
  lists: ReturnType<typeof prefixLists>,
): Promise<void> {
  for (let start = 0; start < lists.length; start += LIST_BATCH) {
    // The keys go in as the JSON array they are (json_to_recordset makes it a text[]).
    await tx.execute(sql`
      insert into search_prefix_lists (prefix, kind, source, n, keys)
      select l.prefix, l.kind, ${source}, l.n, l.keys
      from json_to_recordset(${JSON.stringify(lists.slice(start, start + LIST_BATCH))}::json)
        as l(prefix text, kind text, n int, keys text[])`);
  }
}

/** Removes `source`'s prefix lists. */
export async function deletePrefixes(tx: Transaction, source: string): Promise<void> {
  await tx.execute(sql`delete from search_prefix_lists where source = ${source}`);
}

/** The tier and order of the prefix path, on `d` (search_documents). */
const tierOf = (prefix: string) =>
  sql`(case when d.title_norm = ${prefix} or d.title_compact = ${prefix} then 0 else 1 end)`;
const ORDER = sql`d.popularity desc, d.recency desc nulls last, d.title collate "C", d.key collate "C"`;

/**
 * One page of a prefix query: `limit` per kind from `offset`, with each kind's count. Within the
 * lists' first PREFIX_LIST_MAX keys, each source's first `offset + limit` keys are fetched by key and
 * merged; a page beyond them ranks the documents whose title words start with the prefix. Returns
 * the columns of rankedRowsSql.
 */
export function prefixRowsSql(
  query: SearchQuery,
  request: { type?: string; limit: number; offset: number },
  listMax = PREFIX_LIST_MAX,
): SQL {
  const prefix = query.compact;
  const end = request.offset + request.limit;
  const kindFilter = request.type ? sql`and l.kind = ${request.type}` : sql``;
  const candidates =
    end <= listMax
      ? // Each key by the primary key: `offset 0` keeps the planner from joining the whole table
        // instead (it did on an unanalysed seed: a hash join of every document, 13–96 ms).
        sql`select d.*, l.kind as list_kind
          from search_prefix_lists l
          cross join lateral unnest(l.keys[1:${end}]) as k(key)
          cross join lateral (
            select * from search_documents s where s.kind = l.kind and s.key = k.key offset 0
          ) d
          where l.prefix = ${prefix} ${kindFilter}`
      : sql`select d.*, d.kind as list_kind
          from search_documents d
          where (d.title_norm like ${`${prefix}%`} or d.title_compact like ${`${prefix}%`}
            or d.title_norm like ${`% ${prefix}%`}) ${request.type ? sql`and d.kind = ${request.type}` : sql``}`;
  return sql`
    with counts as (
      select l.kind, sum(l.n)::int as total
      from search_prefix_lists l
      where l.prefix = ${prefix} ${kindFilter}
      group by l.kind
    ),
    ranked as (
      select d.kind, d.key, d.title, d.subtitle, d.image, d.href, d.spotify_url, d.title_norm,
        d.title_compact, d.text_norm, ${tierOf(prefix)} as tier,
        row_number() over (partition by d.kind order by ${tierOf(prefix)}, ${ORDER}) as position
      from (${candidates}) d
    )
    select r.kind, r.key, r.title, r.subtitle, r.image, r.href, r.spotify_url, r.title_norm,
      r.title_compact, r.text_norm, r.tier, counts.total, r.position::int as position
    from ranked r
    join counts on counts.kind = r.kind
    where r.position > ${request.offset} and r.position <= ${end}
    order by r.kind, r.position`;
}
