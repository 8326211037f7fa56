import { type SQL, sql } from "drizzle-orm";
import type { Transaction } from "../../db/client";
import type { SearchQuery } from "./search-ranking";

/**
 * Queries of one to three letters (decision 0011): a letter or two matches a large share of the
 * index, and ranking every match took 0.1–3.5 s on 100,000 items. They are answered from
 * `search_prefixes`, one row per document and each start (1–3 letters) of a word of its title or of
 * its title without spaces, indexed in the order results are shown (tier, popularity, recency,
 * title), so the database reads `limit` rows; the counts come from `search_prefix_counts`.
 */
export const PREFIX_MAX = 3;

/** A query the prefix table answers: one word of at most three letters ('e', 'el', 'hea', 'r&b'). */
export const isPrefixQuery = (query: SearchQuery) =>
  query.words.length === 1 && query.compact.length >= 1 && query.compact.length <= PREFIX_MAX;

/**
 * Writes the prefix rows and their counts of `source`'s documents (just written, in `tx`). The rows
 * are derived from search_documents in SQL: tier 0 when the title (or the title without spaces) is
 * the prefix, else 1, as rankTier ranks a one-word query.
 */
export async function writePrefixes(tx: Transaction, source: string): Promise<void> {
  await tx.execute(sql`
    with written as (
      insert into search_prefixes (prefix, kind, key, source, tier, popularity, recency, title)
      select p.prefix, d.kind, d.key, d.source,
        case when d.title_norm = p.prefix or d.title_compact = p.prefix then 0 else 1 end,
        d.popularity, d.recency, d.title
      from search_documents d
      cross join lateral (
        select distinct left(w.word, n.n) as prefix
        from unnest(string_to_array(d.title_norm, ' ') || d.title_compact) as w(word)
        cross join lateral generate_series(1, least(${PREFIX_MAX}, length(w.word))) as n(n)
      ) p
      where d.source = ${source}
      returning prefix, kind
    )
    insert into search_prefix_counts (prefix, kind, source, n)
    select prefix, kind, ${source}, count(*)::int from written group by prefix, kind`);
}

/** Removes `source`'s prefix rows and counts. */
export async function deletePrefixes(tx: Transaction, source: string): Promise<void> {
  await tx.execute(sql`delete from search_prefix_counts where source = ${source}`);
  await tx.execute(sql`delete from search_prefixes where source = ${source}`);
}

/**
 * One page of a prefix query: for each kind with matches (its count summed over sources), the
 * `limit` rows from `offset` read in index order, then their documents by primary key. Returns the
 * columns of rankedRowsSql.
 */
export function prefixRowsSql(
  query: SearchQuery,
  request: { type?: string; limit: number; offset: number },
): SQL {
  const kindFilter = request.type ? sql`and c.kind = ${request.type}` : sql``;
  return sql`
    with counts as (
      select c.kind, sum(c.n)::int as total
      from search_prefix_counts c
      where c.prefix = ${query.compact} ${kindFilter}
      group by c.kind
    )
    select d.kind, d.key, d.title, d.subtitle, d.image, d.href, d.spotify_url, d.title_norm,
      d.title_compact, d.text_norm, p.tier::int as tier, counts.total
    from counts
    cross join lateral (
      select s.key, s.tier, s.popularity, s.recency, s.title
      from search_prefixes s
      where s.prefix = ${query.compact} and s.kind = counts.kind
      order by s.tier, s.popularity desc nulls last, s.recency desc nulls last, s.title, s.key
      limit ${request.limit} offset ${request.offset}
    ) p
    join search_documents d on d.kind = counts.kind and d.key = p.key
    order by d.kind, p.tier, p.popularity desc nulls last, p.recency desc nulls last, p.title, p.key`;
}
