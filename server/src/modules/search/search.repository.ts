import {
  SEARCH_KINDS,
  type SearchAnswer,
  type SearchGroup,
  type SearchKind,
  type SearchResult,
} from "@waveform/contracts/search";
import { type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { rowsOf } from "./search-document";
import { isPrefixQuery, prefixRowsSql } from "./search-prefixes";
import { matchedRanges, parseQuery, type SearchQuery, type Tier } from "./search-ranking";

export interface SearchRequest {
  q: string;
  type?: SearchKind;
  limit: number;
  offset: number;
}

/** A result as the statement returns it, with the tier it was ranked in (tests compare it). */
export interface RankedRow {
  kind: SearchKind;
  key: string;
  title: string;
  subtitle: string;
  image: string | null;
  href: string;
  spotify_url: string | null;
  title_norm: string;
  title_compact: string;
  text_norm: string;
  tier: Tier;
  total: number;
  /** 1-based, within its kind. */
  position: number;
}

/** Normalised words hold letters and digits only; escaping keeps that an invariant, not a hope. */
const like = (value: string) => value.replace(/[\\%_]/g, (char) => `\\${char}`);

/** The tiers of search-ranking.ts, in SQL; `q` is the candidate row's alias. */
function tierSql(query: SearchQuery): SQL {
  const tsquery = query.words.map((word, index) =>
    index === query.words.length - 1 ? `'${word}':*` : `'${word}'`,
  );
  const inside = query.words.map((word) => sql`d.text_norm like ${`%${like(word)}%`}`);
  return sql`case
    when d.title_norm = ${query.text} or d.title_compact = ${query.compact} then 0
    when d.title_norm like ${`${like(query.text)}%`} or d.title_compact like ${`${like(query.compact)}%`}
      or d.title_norm like ${`% ${like(query.text)}%`} then 1
    when d.words @@ to_tsquery('simple', ${tsquery.join(" & ")}) then 2
    when (${sql.join(inside, sql` and `)}) or d.title_compact like ${`%${like(query.compact)}%`} then 3
    else 4 end`;
}

/** A PostgreSQL `text[]` literal (one parameter, however many words). */
const textArray = (values: string[]) =>
  `{${values.map((value) => `"${value.replace(/["\\]/g, (char) => `\\${char}`)}"`).join(",")}}`;

/**
 * The candidates (migration 0013's `search_candidates`: every query word inside the text, or the
 * compact query inside the title, or words like it, typos, in the title or the names), each document
 * then read by its primary key. The function reads the trigram indexes with a plan kept per
 * connection; `offset 0` keeps the planner from joining the whole table instead.
 */
function candidateSql(query: SearchQuery, kind: SearchKind | undefined): SQL {
  // The longest word first: the function's index scan reads that one, the others are checked.
  const words = [...new Set(query.words)].sort((a, b) => b.length - a.length);
  const patterns = textArray(words.map((word) => `%${like(word)}%`));
  return sql`search_candidates(${patterns}::text[], ${`%${like(query.compact)}%`}, ${query.text},
      ${kind ?? null}::text) c
    cross join lateral (
      select * from search_documents s where s.kind = c.kind and s.key = c.key offset 0
    ) d`;
}

/**
 * The statement of one page: `limit` per kind from `offset`, with each kind's count (the bench
 * explains it). One word of one to three letters reads the prefix index (search-prefixes.ts).
 */
export function rankedRowsSql(query: SearchQuery, request: SearchRequest): SQL {
  return isPrefixQuery(query) ? prefixRowsSql(query, request) : fullRowsSql(query, request);
}

/** Every candidate ranked by the tiers: any query (the prefix path's tests compare the two). */
export function fullRowsSql(query: SearchQuery, request: SearchRequest): SQL {
  return sql`
      with candidates as (
        select d.kind, d.key, d.title, d.subtitle, d.image, d.href, d.spotify_url, d.popularity,
          d.recency, d.title_norm, d.title_compact, d.text_norm,
          ${tierSql(query)} as tier, d.names_norm
        from ${candidateSql(query, request.type)}
      ),
      ranked as (
        select c.*,
          row_number() over (partition by c.kind order by c.tier,
            case when c.tier = 4 then -greatest(word_similarity(${query.text}, c.title_norm),
              word_similarity(${query.text}, c.names_norm)) else 0 end,
            c.popularity desc, c.recency desc nulls last, c.title collate "C", c.key collate "C") as position,
          count(*) over (partition by c.kind) as total
        from candidates c
      )
      select kind, key, title, subtitle, image, href, spotify_url, title_norm, title_compact, text_norm,
        tier, total::int as total, position::int as position
      from ranked
      where position > ${request.offset} and position <= ${request.offset + request.limit}
      order by kind, position`;
}

export function createSearchRepository(db: Database) {
  async function rankedRows(query: SearchQuery, request: SearchRequest): Promise<RankedRow[]> {
    return rowsOf<RankedRow>(await db.execute(rankedRowsSql(query, request)));
  }

  /**
   * One round trip: the page's rows and, when there are none, a title close to the query for 'Did
   * you mean …' (migration 0013's `search_suggestion`).
   */
  async function page(
    query: SearchQuery,
    request: SearchRequest,
  ): Promise<{ rows: RankedRow[]; suggestion: string | null }> {
    const result = await db.execute(sql`
      with page as (${rankedRowsSql(query, request)})
      select coalesce((select json_agg(page order by page.kind, page.position) from page), '[]') as rows,
        case when not exists (select 1 from page) then search_suggestion(${query.compact}) end as suggestion`);
    const [answer] = rowsOf<{ rows: RankedRow[] | string; suggestion: string | null }>(result);
    const rows = typeof answer?.rows === "string" ? (JSON.parse(answer.rows) as RankedRow[]) : answer?.rows;
    return { rows: rows ?? [], suggestion: answer?.suggestion ?? null };
  }

  return {
    rankedRows,
    async search(request: SearchRequest): Promise<SearchAnswer> {
      const query = parseQuery(request.q);
      if (query.words.length === 0) return { query: request.q, groups: [], suggestion: null };
      const { rows, suggestion } = await page(query, request);
      const groups: SearchGroup[] = [];
      for (const kind of SEARCH_KINDS) {
        const ofKind = rows.filter((row) => row.kind === kind);
        const count = ofKind[0]?.total ?? 0;
        if (count === 0) continue;
        const next = request.offset + request.limit;
        groups.push({
          type: kind,
          count,
          results: ofKind.map(
            (row): SearchResult => ({
              type: row.kind,
              id: row.key,
              title: row.title,
              subtitle: row.subtitle,
              image: row.image,
              href: row.href,
              ...(row.spotify_url && { spotifyUrl: row.spotify_url }),
              matches: matchedRanges(row.title, query),
            }),
          ),
          nextCursor: next < count ? String(next) : null,
        });
      }
      return {
        query: request.q,
        groups,
        suggestion: groups.length === 0 ? suggestion : null,
      };
    },
  };
}

export type SearchRepository = ReturnType<typeof createSearchRepository>;
