-- The candidates of a full-text site search (decision 0011): every document holding each query word
-- (`patterns`, the longest first: the trigram index reads that one), or the compact query inside
-- its title, or a title or names word-similar to the query (typos). A function so that its plan is
-- made once per connection (PL/pgSQL keeps it; generic, as the values never change its shape) and
-- reads the trigram indexes: the planner costs `<%` as cheap and, on a small table, scanned every
-- row computing word similarity twice (5–15 ms on PGlite for the 398 documents of the seed).
CREATE OR REPLACE FUNCTION search_candidates(patterns text[], compact_pattern text, q text, only_kind text)
RETURNS TABLE (kind text, key text)
LANGUAGE plpgsql STABLE
SET enable_seqscan = off
SET enable_indexscan = off
SET plan_cache_mode = force_generic_plan
AS $$
BEGIN
  RETURN QUERY
    SELECT d.kind, d.key
    FROM search_documents d
    WHERE ((d.text_norm LIKE patterns[1] AND d.text_norm LIKE ALL (patterns))
        OR d.title_compact LIKE compact_pattern
        OR q <% d.title_norm
        OR q <% d.names_norm)
      AND (only_kind IS NULL OR d.kind = only_kind);
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
