-- Site search (decision 0011, fifth sitting): migration 0014's search_page, ranking narrow rows.
-- Same arguments, columns, candidates and order. The window's sort carried every column of every
-- candidate (an episode's whole description among them) to return the few of one page; now it
-- sorts each candidate's row address, kind, tier and ranking keys, and the page's rows are read
-- back by address (a TID scan each). Typos' similarity is computed once a row, before the sort.
-- Measured on PGlite, seed + 100,000 items, p50: 'velvet horizn' 4.93 -> 4.53 ms, 'late night'
-- 3.51 -> 3.05, 'electr' 3.33 -> 3.08.
-- The row addresses (ctid) are read and used within this one statement, under one snapshot, so each
-- names the row version the ranking saw; keep it one statement (addresses kept across statements
-- could name another row after a concurrent write).
-- CREATE OR REPLACE: applying this file again is harmless.
CREATE OR REPLACE FUNCTION search_page(
  q text, compact text, inside text[], compact_inside text, title_start text, compact_start text,
  word_start text, ts text, only_kind text, page_offset int, page_limit int)
RETURNS TABLE (
  kind text, key text, title text, subtitle text, image text, href text, spotify_url text,
  title_norm text, title_compact text, text_norm text, tier int, total int, "position" int)
LANGUAGE plpgsql STABLE
SET enable_seqscan = off
SET enable_indexscan = off
SET plan_cache_mode = force_generic_plan
AS $$
#variable_conflict use_column
DECLARE
  words_query tsquery := to_tsquery('simple', ts);
  other_inside text[] := inside[2:];
BEGIN
  RETURN QUERY
    SELECT d.kind, d.key, d.title, d.subtitle, d.image, d.href, d.spotify_url, d.title_norm,
      d.title_compact, d.text_norm, r.tier, r.kind_total::int, r.n::int
    FROM (
      SELECT c.tid, c.kind, c.tier,
        row_number() OVER (PARTITION BY c.kind ORDER BY c.tier, c.sim, c.popularity DESC,
          c.recency DESC NULLS LAST, c.title COLLATE "C", c.key COLLATE "C") AS n,
        count(*) OVER (PARTITION BY c.kind) AS kind_total
      FROM (
        SELECT t.tid, t.kind, t.key, t.title, t.popularity, t.recency, t.tier,
          CASE WHEN t.tier = 4 THEN -greatest(word_similarity(q, t.title_norm),
            word_similarity(q, t.names_norm)) ELSE 0 END AS sim
        FROM (
          SELECT d.ctid AS tid, d.kind, d.key, d.title, d.popularity, d.recency, d.title_norm, d.names_norm,
            CASE
              WHEN d.title_norm = q OR d.title_compact = compact THEN 0
              WHEN d.title_norm LIKE title_start OR d.title_compact LIKE compact_start
                OR d.title_norm LIKE word_start THEN 1
              WHEN d.words @@ words_query THEN 2
              WHEN d.text_norm LIKE ALL (inside) OR d.title_compact LIKE compact_inside THEN 3
              ELSE 4
            END AS tier
          FROM search_documents d
          WHERE ((d.text_norm LIKE inside[1] AND d.text_norm LIKE ALL (other_inside))
              OR d.title_compact LIKE compact_inside
              OR q <% d.title_norm
              OR q <% d.names_norm)
            AND (only_kind IS NULL OR d.kind = only_kind)
          OFFSET 0
        ) t
        OFFSET 0
      ) c
    ) r
    JOIN search_documents d ON d.ctid = r.tid
    WHERE r.n > page_offset AND r.n <= page_offset + page_limit
    ORDER BY r.kind, r.n;
END
$$;
