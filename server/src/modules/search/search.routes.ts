import {
  getSearch,
  SEARCH_DEFAULT_LIMIT_ALL,
  SEARCH_DEFAULT_LIMIT_ONE_TYPE,
} from "@waveform/contracts/search";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { createSearchRepository } from "./search.repository";

/** Requests per minute from one address: typing with suggestions is a few a second at most. */
const SEARCHES_PER_MINUTE = 600;

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
    { config: { rateLimit: { max: SEARCHES_PER_MINUTE, timeWindow: "1 minute" } } },
  );
};
