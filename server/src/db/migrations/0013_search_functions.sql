-- Site search (decision 0011): one page of a search of four letters or more, and 'Did you mean …',
-- as functions so that their plans are made once per connection (PL/pgSQL keeps them; generic, as
-- the values never change their shape) and read the trigram indexes. As a statement sent each time,
-- parsing and planning it took 3 ms of PGlite's 5, and the planner, costing `<%` as cheap, scanned
-- a small table computing word similarity twice a row (5–15 ms for the seed's 398 documents).
-- CREATE OR REPLACE throughout: applying this file again is harmless.
DROP FUNCTION IF EXISTS search_candidates(text[], text, text, text);
--> statement-breakpoint
-- Candidates: every query word inside the text (`inside`, one LIKE pattern a word, the longest first:
-- the trigram index reads that one), or the compact query inside the title, or a title or names
-- word-similar to the query (typos). Ranked by tier (search-ranking.ts), then, among typos, by
-- similarity, then popularity, recency, title and key; `page_limit` per kind from `page_offset`,
-- with each kind's count. The patterns arrive escaped for LIKE.
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
BEGIN
  RETURN QUERY
    WITH candidates AS (
      SELECT d.kind, d.key, d.title, d.subtitle, d.image, d.href, d.spotify_url, d.popularity,
        d.recency, d.title_norm, d.title_compact, d.text_norm, d.names_norm,
        CASE
          WHEN d.title_norm = q OR d.title_compact = compact THEN 0
          WHEN d.title_norm LIKE title_start OR d.title_compact LIKE compact_start
            OR d.title_norm LIKE word_start THEN 1
          WHEN d.words @@ to_tsquery('simple', ts) THEN 2
          WHEN d.text_norm LIKE ALL (inside) OR d.title_compact LIKE compact_inside THEN 3
          ELSE 4
        END AS tier
      FROM search_documents d
      WHERE ((d.text_norm LIKE inside[1] AND d.text_norm LIKE ALL (inside))
          OR d.title_compact LIKE compact_inside
          OR q <% d.title_norm
          OR q <% d.names_norm)
        AND (only_kind IS NULL OR d.kind = only_kind)
    ),
    ranked AS (
      SELECT c.*,
        row_number() OVER (PARTITION BY c.kind ORDER BY c.tier,
          CASE WHEN c.tier = 4 THEN -greatest(word_similarity(q, c.title_norm),
            word_similarity(q, c.names_norm)) ELSE 0 END,
          c.popularity DESC, c.recency DESC NULLS LAST, c.title COLLATE "C", c.key COLLATE "C") AS n,
        count(*) OVER (PARTITION BY c.kind) AS kind_total
      FROM candidates c
    )
    SELECT r.kind, r.key, r.title, r.subtitle, r.image, r.href, r.spotify_url, r.title_norm,
      r.title_compact, r.text_norm, r.tier, r.kind_total::int, r.n::int
    FROM ranked r
    WHERE r.n > page_offset AND r.n <= page_offset + page_limit
    ORDER BY r.kind, r.n;
END
$$;
--> statement-breakpoint
-- 'Did you mean …': the title closest to the compact query (trigram similarity), by the same index.
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
