-- The site search's functions (decision 0011), as they are now: the one place to read or change
-- them. A repeatable migration (Flyway's term): db/migrate.ts applies this file after the numbered
-- migrations whenever its text changed (its sha-256 is recorded in drizzle.repeatable_migrations),
-- in one transaction, on PostgreSQL under the migrations' advisory lock. Migrations 0013-0017 made
-- and replaced these functions before this file existed; they are empty now, and a database that
-- had applied them gets the same definitions again from here.
-- Rules: every statement can run again (CREATE OR REPLACE, DROP ... IF EXISTS); a change of a
-- function's arguments or result columns needs a DROP FUNCTION first (CREATE OR REPLACE cannot
-- change them); a table or index is a numbered migration, not this file. Statements are parted by
-- breakpoint lines, as in the migrations. Changing how a search ranks changes search-ranking.ts's
-- TIER and rankTier too: the tests run both on the same rows.
--
-- Why functions: PL/pgSQL keeps each statement's plan for the connection's life (generic: the
-- values never change its shape), where a statement sent each time spent 3 ms of PGlite's 5 being
-- parsed and planned; and the planner, costing `<%` as cheap, chose table scans computing word
-- similarity twice a row. Each function turns sequential and plain index scans off so that the
-- trigram and word indexes are read.
--
-- pg_trgm's library is loaded first: search_ranked names its setting, which exists in a session only
-- once the library is loaded there (a database being migrated may be on a new connection).
SELECT word_similarity('', '');
--> statement-breakpoint
-- Functions of earlier versions, gone from an older database too: search_page (migrations
-- 0013-0016, replaced by search_ranked in 0017) and search_candidates (before 0013).
DROP FUNCTION IF EXISTS search_page(text, text, text[], text, text, text, text, text, text, int, int);
--> statement-breakpoint
DROP FUNCTION IF EXISTS search_candidates(text[], text, text, text);
--> statement-breakpoint
-- 'Did you mean …': the title closest to the compact query (trigram similarity), by the title's
-- trigram index.
CREATE OR REPLACE FUNCTION search_suggestion(compact text)
RETURNS text
LANGUAGE plpgsql STABLE
SET enable_seqscan = off
SET enable_indexscan = off
SET plan_cache_mode = force_generic_plan
AS $$
BEGIN
  RETURN (
    SELECT d.title
    FROM search_documents d
    WHERE d.title_compact % compact
    ORDER BY similarity(d.title_compact, compact) DESC, d.popularity DESC, d.title
    LIMIT 1);
END
$$;
--> statement-breakpoint
-- The full path's ranking: any number of pages, as a JSON array of objects, one field per argument
-- and `i`, the page's number; returns each page's rows, with `page` (its `i`) first, in page, kind
-- and position order. One statement for the batch, run for each page in a lateral join (the
-- executor starts once and rescans per page).
-- Candidates: the longest query word inside the text (`inside[1]`: the trigram index reads it), or
-- the compact query inside the title, or a title or names word-similar to the query (typos). Tiers
-- (search-ranking.ts's TIER): 0 exact title, 1 the title or a title word starts with the query, 2
-- every word a whole word (the last may be a prefix), 3 every word inside the text, 4 a typo only,
-- kept when its similarity reaches the threshold. Each kind ranked by tier, then, among typos,
-- similarity, then popularity, recency, title and key; `page_limit` per kind from `page_offset`,
-- with each kind's count. The patterns arrive escaped for LIKE (search.repository.ts).
-- How it is fast (decision 0011, sittings five to seven):
-- * the pages' subquery is fenced (OFFSET 0), so `words_query` is parsed once a page, not once a
--   candidate; the candidates are fenced too, so each row's tier and similarity are computed once;
-- * a count per kind and, per kind, the first offset + limit candidates (a bounded sort) from the
--   candidates kept once (MATERIALIZED), carrying only row addresses and ranking keys; the page's
--   rows are read back by address (ctid). The addresses are read and used within this one
--   statement, under one snapshot: keep it one statement;
-- * the typo threshold is pinned (0.6, pg_trgm's default) so `<%` and the comparison read one value;
-- * JIT is off: the statement is estimated for 100 pages (json_to_recordset's default), which on
--   100,000 items passed jit_above_cost, and compiling took 380-460 ms a call.
CREATE OR REPLACE FUNCTION search_ranked(pages json)
RETURNS TABLE (
  page int, kind text, key text, title text, subtitle text, image text, href text, spotify_url text,
  title_norm text, title_compact text, text_norm text, tier int, total int, "position" int)
LANGUAGE plpgsql STABLE
SET enable_seqscan = off
SET enable_indexscan = off
SET plan_cache_mode = force_generic_plan
SET pg_trgm.word_similarity_threshold = 0.6
SET jit = off
AS $$
#variable_conflict use_column
DECLARE
  threshold float8 := current_setting('pg_trgm.word_similarity_threshold')::float8;
BEGIN
  RETURN QUERY
    SELECT p.i, ranked.*
    FROM (
      SELECT x.*, to_tsquery('simple', x.ts) AS words_query
      FROM json_to_recordset(pages) AS x(i int, q text, compact text, inside text[],
        compact_inside text, title_start text, compact_start text, word_start text, ts text,
        only_kind text, page_offset int, page_limit int)
      OFFSET 0
    ) p
    CROSS JOIN LATERAL (
      WITH c AS MATERIALIZED (
        SELECT t.tid, t.kind, t.key, t.title, t.popularity, t.recency, t.tier, t.sim
        FROM (
          SELECT u.tid, u.kind, u.key, u.title, u.popularity, u.recency, u.tier,
            CASE WHEN u.tier = 4 THEN -greatest(word_similarity(p.q, u.title_norm),
              word_similarity(p.q, u.names_norm)) ELSE 0 END AS sim
          FROM (
            SELECT d.ctid AS tid, d.kind, d.key, d.title, d.popularity, d.recency, d.title_norm, d.names_norm,
              CASE
                WHEN d.title_norm = p.q OR d.title_compact = p.compact THEN 0
                WHEN d.title_norm LIKE p.title_start OR d.title_compact LIKE p.compact_start
                  OR d.title_norm LIKE p.word_start THEN 1
                WHEN d.words @@ p.words_query THEN 2
                WHEN d.text_norm LIKE ALL (p.inside) OR d.title_compact LIKE p.compact_inside THEN 3
                ELSE 4
              END AS tier
            FROM search_documents d
            WHERE (d.text_norm LIKE p.inside[1]
                OR d.title_compact LIKE p.compact_inside
                OR p.q <% d.title_norm
                OR p.q <% d.names_norm)
              AND (p.only_kind IS NULL OR d.kind = p.only_kind)
            OFFSET 0
          ) u
          OFFSET 0
        ) t
        WHERE t.tier < 4 OR (-t.sim)::float8 >= threshold
      ),
      totals AS (SELECT c.kind, count(*) AS kind_total FROM c GROUP BY c.kind)
      SELECT d.kind, d.key, d.title, d.subtitle, d.image, d.href, d.spotify_url, d.title_norm,
        d.title_compact, d.text_norm, r.tier, totals.kind_total::int, r.n::int
      FROM totals
      CROSS JOIN LATERAL (
        SELECT x.tid, x.tier, row_number() OVER (ORDER BY x.tier, x.sim, x.popularity DESC,
            x.recency DESC NULLS LAST, x.title COLLATE "C", x.key COLLATE "C") AS n
        FROM (
          SELECT * FROM c WHERE c.kind = totals.kind
          ORDER BY c.tier, c.sim, c.popularity DESC, c.recency DESC NULLS LAST, c.title COLLATE "C",
            c.key COLLATE "C"
          LIMIT p.page_offset + p.page_limit
        ) x
      ) r
      JOIN search_documents d ON d.ctid = r.tid
      WHERE r.n > p.page_offset
    ) ranked(kind, key, title, subtitle, image, href, spotify_url, title_norm, title_compact,
      text_norm, tier, total, "position")
    ORDER BY p.i, ranked.kind, ranked."position";
END
$$;
--> statement-breakpoint
-- What an answer shows, per page: its rows as a JSON array of [kind, key, title, subtitle, image,
-- href, spotify_url, total] ('[]' when none) and, only when it has none, search_suggestion's title.
-- PL/pgSQL too: as LANGUAGE sql its statement was planned again at every call.
CREATE OR REPLACE FUNCTION search_pages(pages json)
RETURNS TABLE (index int, rows json, suggestion text)
LANGUAGE plpgsql STABLE
AS $$
BEGIN
  RETURN QUERY
    SELECT p.i, coalesce(r.found, '[]'::json),
      CASE WHEN r.found IS NULL THEN search_suggestion(p.compact) END
    FROM json_to_recordset(pages) AS p(i int, compact text)
    LEFT JOIN (
      SELECT s.page, json_agg(json_build_array(s.kind, s.key, s.title, s.subtitle, s.image, s.href,
          s.spotify_url, s.total) ORDER BY s.kind, s."position") AS found
      FROM search_ranked(pages) s
      GROUP BY s.page
    ) r ON r.page = p.i
    ORDER BY p.i;
END
$$;
