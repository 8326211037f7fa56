// The search module's public surface (decision 0011): the routes for app.ts, and the index writes
// that the catalogue import, feed ingestion, the seed and the start call inside their transactions.

export { createSearchRepository, rankedRowsSql } from "./search.repository";
export { SEARCH_RATE_LIMIT, SEARCH_RATE_LIMIT_NAME, searchRoutes } from "./search.routes";
export {
  ensureSearchIndex,
  reindexCatalogue,
  reindexPodcast,
  syncEditorialDocuments,
} from "./search-index";
// For the search benchmark (server/src/bench/site-search.ts).
export { parseQuery } from "./search-ranking";
