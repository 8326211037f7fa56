import {
  SEARCH_KINDS,
  type SearchAnswer,
  type SearchGroup,
  type SearchKind,
  type SearchResult,
} from "@waveform/contracts/search";
import { type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { createBatcher, Failed } from "../../lib/batcher";
import { rowsOf } from "./search-document";
import { isPrefixQuery, prefixRowsSql } from "./search-prefixes";
import { matchedRanges, nameTier, parseQuery, type SearchQuery, type Tier } from "./search-ranking";
import { isShortWordsQuery, shortWordsRowsSql } from "./search-short-words";

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

/** A result as an answer shows it: kind, key, title, subtitle, image, href, spotify_url, its kind's count. */
type PageRow = [SearchKind, string, string, string, string | null, string, string | null, number];

/** Normalised words hold letters and digits only; escaping keeps that an invariant, not a hope. */
const like = (value: string) => value.replace(/[\\%_]/g, (char) => `\\${char}`);

/** Whether a query takes the full path (`search_ranked`), not a prefix or short-word one. */
const isFullPathQuery = (query: SearchQuery) => !isPrefixQuery(query) && !isShortWordsQuery(query);

/**
 * The statement of one page: `limit` per kind from `offset`, with each kind's count (the bench
 * explains it). One word of one to three letters reads the prefix index (search-prefixes.ts); words
 * of one or two letters each match title starts only (search-short-words.ts).
 */
export function rankedRowsSql(query: SearchQuery, request: SearchRequest): SQL {
  if (isPrefixQuery(query)) return prefixRowsSql(query, request);
  if (isShortWordsQuery(query)) return shortWordsRowsSql(query, request);
  return fullRowsSql(query, request);
}

/** One page of the full path as `search_ranked` and `search_pages` read it from JSON (`i` aside). */
interface RankedPage {
  q: string;
  compact: string;
  inside: string[];
  compact_inside: string;
  title_start: string;
  compact_start: string;
  word_start: string;
  ts: string;
  only_kind: SearchKind | null;
  page_offset: number;
  page_limit: number;
}

/** The patterns of search-ranking.ts's tiers for `search_ranked`, made (and escaped for LIKE) here. */
function rankedPage(query: SearchQuery, request: SearchRequest): RankedPage {
  // The longest word first: the trigram index reads that one, the others are checked on its rows.
  const inside = [...new Set(query.words)]
    .sort((a, b) => b.length - a.length)
    .map((word) => `%${like(word)}%`);
  const ts = query.words.map((word, index) =>
    index === query.words.length - 1 ? `'${word}':*` : `'${word}'`,
  );
  return {
    q: query.text,
    compact: query.compact,
    inside,
    compact_inside: `%${like(query.compact)}%`,
    title_start: `${like(query.text)}%`,
    compact_start: `${like(query.compact)}%`,
    word_start: `% ${like(query.text)}%`,
    ts: ts.join(" & "),
    only_kind: request.type ?? null,
    page_offset: request.offset,
    page_limit: request.limit,
  };
}

/** The full path's pages as `search_ranked` and `search_pages` take them: a JSON array, `i` numbering them. */
function pagesJson(asked: PageAsked[]): string {
  return JSON.stringify(asked.map(({ query, request }, i) => ({ i, ...rankedPage(query, request) })));
}

/**
 * Every candidate ranked by the tiers (any query; the prefix path's tests compare the two): one
 * page of `search_ranked` (db/repeatable/search-functions.sql), whose plan each connection keeps.
 */
export function fullRowsSql(query: SearchQuery, request: SearchRequest): SQL {
  return sql`select kind, key, title, subtitle, image, href, spotify_url, title_norm, title_compact,
    text_norm, tier, total, position from search_ranked(${pagesJson([{ query, request }])}::json)`;
}

/**
 * One page of the prefix or short-word path: its rows as JSON and, when there are none, 'Did you
 * mean …' (what `search_pages` answers for the full path's).
 */
function otherPageSql(query: SearchQuery, request: SearchRequest): SQL {
  return sql`with page as (${rankedRowsSql(query, request)})
    select 0 as index,
      coalesce((select json_agg(json_build_array(page.kind, page.key, page.title, page.subtitle,
        page.image, page.href, page.spotify_url, page.total) order by page.kind, page.position) from page), '[]') as rows,
      case when not exists (select 1 from page) then search_suggestion(${query.compact}) end as suggestion`;
}

/**
 * Any number of the full path's pages in one call of `search_pages` (db/repeatable/
 * search-functions.sql): one statement, whose executor starts once and ranks each page in turn.
 */
function fullPagesSql(asked: PageAsked[]): SQL {
  return sql`select index, rows, suggestion from search_pages(${pagesJson(asked)}::json)`;
}

interface PageAsked {
  query: SearchQuery;
  request: SearchRequest;
}
interface PageFound {
  rows: PageRow[];
  suggestion: string | null;
}

/** The most pages one statement answers (a batch waits for all of its pages). */
const MAX_PAGES_PER_STATEMENT = 32;

export interface SearchRepositoryOptions {
  /**
   * Searches asked while a statement is on its way go together in the next one (one call of
   * `search_pages`).
   * For PGlite: one connection, whose statements queue anyway, each with a fixed cost of its own
   * (decision 0011, fifth sitting). Not for PostgreSQL, whose pool answers them side by side.
   */
  batch?: boolean;
}

export function createSearchRepository(db: Database, options: SearchRepositoryOptions = {}) {
  async function rankedRows(query: SearchQuery, request: SearchRequest): Promise<RankedRow[]> {
    return rowsOf<RankedRow>(await db.execute(rankedRowsSql(query, request)));
  }

  /**
   * The pages a statement answered, in the order asked: each page's rows, with only the columns an
   * answer shows (not the normalised texts, an episode's whole description among them), and, when
   * there are none, a title close to the query for 'Did you mean …' (`search_suggestion`, in
   * db/repeatable/search-functions.sql).
   */
  async function answered(statement: SQL, count: number): Promise<PageFound[]> {
    const found = new Map<number, PageFound>();
    for (const answer of rowsOf<{ index: number; rows: PageRow[] | string; suggestion: string | null }>(
      await db.execute(statement),
    )) {
      const rows = typeof answer.rows === "string" ? (JSON.parse(answer.rows) as PageRow[]) : answer.rows;
      found.set(Number(answer.index), { rows: rows ?? [], suggestion: answer.suggestion ?? null });
    }
    return Array.from({ length: count }, (_, index) => {
      const page = found.get(index);
      if (!page) throw new Error(`the search statement did not answer page ${index} of ${count}`);
      return page;
    });
  }

  /** One page alone, by its path's statement (on the full path, a batch of one). */
  const onePage = async ({ query, request }: PageAsked): Promise<PageFound> => {
    const statement = isFullPathQuery(query)
      ? fullPagesSql([{ query, request }])
      : otherPageSql(query, request);
    return (await answered(statement, 1))[0] as PageFound;
  };

  /**
   * The full path's pages in one round trip; a batch that fails is asked again one page at a time,
   * so one search's failure (none is known) stays its own and never becomes its neighbours'.
   */
  async function fullPagesEachOnItsOwn(asked: PageAsked[]): Promise<Array<PageFound | Failed>> {
    try {
      return await answered(fullPagesSql(asked), asked.length);
    } catch (error) {
      if (asked.length === 1) throw error;
      const alone = await Promise.allSettled(asked.map(onePage));
      return alone.map((page) => (page.status === "fulfilled" ? page.value : new Failed(page.reason)));
    }
  }

  // Only the full path's pages are batched (one statement text, whatever the batch's size). The
  // prefix and short-word paths, a few index reads each, go alone.
  const batchedPage = options.batch
    ? createBatcher(fullPagesEachOnItsOwn, { max: MAX_PAGES_PER_STATEMENT })
    : null;
  const page = (asked: PageAsked): Promise<PageFound> =>
    batchedPage && isFullPathQuery(asked.query) ? batchedPage(asked) : onePage(asked);

  return {
    rankedRows,
    async search(request: SearchRequest): Promise<SearchAnswer> {
      const query = parseQuery(request.q);
      if (query.words.length === 0) return { query: request.q, groups: [], suggestion: null };
      const { rows, suggestion } = await page({ query, request });
      const groups: SearchGroup[] = [];
      for (const kind of SEARCH_KINDS) {
        const ofKind = rows.filter((row) => row[0] === kind);
        const count = ofKind[0]?.[7] ?? 0;
        if (count === 0) continue;
        const next = request.offset + request.limit;
        groups.push({
          type: kind,
          count,
          results: ofKind.map(
            ([type, id, title, subtitle, image, href, spotifyUrl]): SearchResult => ({
              type,
              id,
              title,
              subtitle,
              image,
              href,
              ...(spotifyUrl && { spotifyUrl }),
              matches: matchedRanges(title, query),
            }),
          ),
          nextCursor: next < count ? String(next) : null,
        });
      }
      // Stable: among groups whose best names match alike, SEARCH_KINDS order stays.
      const byName = (group: SearchGroup) => nameTier(query, group.results[0]?.title ?? "");
      groups.sort((a, b) => byName(a) - byName(b));
      return {
        query: request.q,
        groups,
        suggestion: groups.length === 0 ? suggestion : null,
      };
    },
  };
}

export type SearchRepository = ReturnType<typeof createSearchRepository>;
