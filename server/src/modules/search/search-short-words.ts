import { type SQL, sql } from "drizzle-orm";
import type { SearchQuery } from "./search-ranking";

/**
 * Several words of one or two letters each ('a b', 'h 55', 'dj k'): no word holds a trigram, so
 * 'every word inside the text' would read the whole trigram index and test every document (decision
 * 0011). Such a query is taken as the start of a title being typed, as a one-word query of up to
 * three letters is: tiers 0–1 only (the title, a word of it, or the title without spaces, starts with
 * it), whose patterns the trigram indexes of titles can read.
 */
export const isShortWordsQuery = (query: SearchQuery) =>
  query.words.length > 1 && query.words.every((word) => word.length <= 2);

const like = (value: string) => value.replace(/[\\%_]/g, (char) => `\\${char}`);

/** One page of a short-words query, with the columns and order of rankedRowsSql. */
export function shortWordsRowsSql(
  query: SearchQuery,
  request: { type?: string; limit: number; offset: number },
): SQL {
  const kindFilter = request.type ? sql`and d.kind = ${request.type}` : sql``;
  return sql`
    with candidates as (
      select d.*,
        case when d.title_norm = ${query.text} or d.title_compact = ${query.compact} then 0 else 1 end as tier
      from search_documents d
      where (d.title_norm like ${`${like(query.text)}%`} or d.title_compact like ${`${like(query.compact)}%`}
        or d.title_norm like ${`% ${like(query.text)}%`}) ${kindFilter}
    ),
    ranked as (
      select c.*,
        row_number() over (partition by c.kind order by c.tier, c.popularity desc, c.recency desc nulls last,
          c.title collate "C", c.key collate "C") as position,
        count(*) over (partition by c.kind) as total
      from candidates c
    )
    select kind, key, title, subtitle, image, href, spotify_url, title_norm, title_compact, text_norm,
      tier, total::int as total, position::int as position
    from ranked
    where position > ${request.offset} and position <= ${request.offset + request.limit}
    order by kind, position`;
}
