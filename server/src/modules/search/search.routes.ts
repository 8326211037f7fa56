import {
  getSearch,
  SEARCH_DEFAULT_LIMIT_ALL,
  SEARCH_DEFAULT_LIMIT_ONE_TYPE,
} from "@waveform/contracts/search";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { createSearchRepository } from "./search.repository";

/**
 * Searches per minute from one address, through the API and the results page together (one
 * counter, app.sharedRateLimit): typing with suggestions is a few a second at most.
 */
export const SEARCH_RATE_LIMIT = { max: 600, timeWindow: "1 minute" };
export const SEARCH_RATE_LIMIT_NAME = "search";

/** GET /api/search: cached like the catalogue reads, and read in-process by the results page. */
export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  const search = createSearchRepository(app.db, { batch: app.database.engine === "pglite" });
  app.pageReads.route(
    app,
    getSearch,
    ({ query }) => {
      const limit = query.limit ?? (query.type ? SEARCH_DEFAULT_LIMIT_ONE_TYPE : SEARCH_DEFAULT_LIMIT_ALL);
      const offset = Number(query.cursor ?? 0);
      const request = { q: query.q, limit, offset, ...(query.type && { type: query.type }) };
      return {
        cacheKey: `search:${query.type ?? "all"}:${limit}:${offset}:${query.q}`,
        load: async () => getSearch.responses[200].parse(await search.search(request)),
      };
    },
    { onRequest: app.sharedRateLimit(SEARCH_RATE_LIMIT_NAME, SEARCH_RATE_LIMIT) },
  );
};
