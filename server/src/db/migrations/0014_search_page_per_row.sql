-- Site search (decision 0011): migration 0013's search_page, cheaper per candidate for queries that
-- match hundreds of documents ('late night', 'velvet horizn' on 100,000 items), same arguments,
-- columns, candidates and order. Measured on PostgreSQL, 100k items: 'late night' (404 candidates)
-- 8.2–9.5 → 5.5–5.8 ms. What changed:
-- * the query's tsquery is parsed once a call (a variable), not once a candidate row;
-- * the candidates are a subquery kept apart (`OFFSET 0`), so each row's tier is computed once;
--   inlined, its CASE was evaluated again inside the similarity key of the window's ORDER BY;
-- * the first `inside` pattern (the one the trigram index reads) is not tested twice a row.
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
    SELECT r.kind, r.key, r.title, r.subtitle, r.image, r.href, r.spotify_url, r.title_norm,
      r.title_compact, r.text_norm, r.tier, r.kind_total::int, r.n::int
    FROM (
      SELECT c.*,
        row_number() OVER (PARTITION BY c.kind ORDER BY c.tier,
          CASE WHEN c.tier = 4 THEN -greatest(word_similarity(q, c.title_norm),
            word_similarity(q, c.names_norm)) ELSE 0 END,
          c.popularity DESC, c.recency DESC NULLS LAST, c.title COLLATE "C", c.key COLLATE "C") AS n,
        count(*) OVER (PARTITION BY c.kind) AS kind_total
      FROM (
        SELECT d.kind, d.key, d.title, d.subtitle, d.image, d.href, d.spotify_url, d.popularity,
          d.recency, d.title_norm, d.title_compact, d.text_norm, d.names_norm,
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
      ) c
    ) r
    WHERE r.n > page_offset AND r.n <= page_offset + page_limit
    ORDER BY r.kind, r.n;
END
$$;
