-- Site search (decision 0011, seventh sitting): the pages of a batch in one statement.
-- search_ranked replaces search_page (migrations 0013-0016): it takes any number of pages as a JSON
-- array of objects, one field per argument search_page took and `i`, the page's number, and
-- returns each page's rows, with `page` (its `i`) first, in page, kind and position order. Its
-- statement is 0016's, run for each page in a lateral join: the executor starts once for the batch
-- and rescans per page, where a batch of search_page calls started it, and called and left a
-- function, for every page.
-- search_pages returns per page what an answer shows: its rows as a JSON array of [kind, key,
-- title, subtitle, image, href, spotify_url, total] ('[]' when none) and, only when it has none,
-- search_suggestion's title for 'Did you mean …' (migration 0013). Both are PL/pgSQL, which keeps
-- their statements planned for the connection's life: as a LANGUAGE sql function, search_pages's
-- statement was planned again at every call (a single search 0.99 ms against 0.83, PGlite's thread).
-- The pages' subquery is fenced (OFFSET 0): pulled up, its `words_query` was the to_tsquery call
-- itself, parsed again for every candidate (`late night` on 100,000 items, 404 candidates: 2.0 ms
-- against search_page's 1.5; fenced 1.43 against 1.39).
-- search_ranked turns PostgreSQL's JIT compilation off: its statement is estimated for 100 pages
-- (json_to_recordset's default), which on 100,000 items passes jit_above_cost, and compiling took
-- 380-460 ms a call there (0.5-0.7 ms without). PGlite has no JIT; the setting exists there too.
-- Measured on PGlite, seed, batches of 16 searches nobody asked before ('<typed term> <number>', as
-- the load test asks them), 150 rounds in turn with the other forms: one `union all` part per page
-- (search_page, then search_suggestion when nothing was found) 0.50 ms a page; a PL/pgSQL loop
-- calling search_page 0.34; this 0.25; with the suggestion's statement inlined too 0.22 (not done:
-- a second copy of that statement). The same answers in every round.
-- As in 0016, pg_trgm's library is loaded first: search_ranked names its setting, which exists in a
-- session only once the library is loaded there (a database at 0016 migrates on a new connection).
-- CREATE OR REPLACE and DROP ... IF EXISTS: applying this file again is harmless.
SELECT word_similarity('', '');
--> statement-breakpoint
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
DROP FUNCTION IF EXISTS search_page(text, text, text[], text, text, text, text, text, text, int, int);
--> statement-breakpoint
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
