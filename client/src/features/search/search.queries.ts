import { queryOptions } from "@tanstack/react-query";
import type { SearchKind } from "@waveform/contracts/search-kinds";
import { apiRequest } from "../../lib/api/request";

// Endpoints load with the first request (see lib/api/request.ts).
const searchContract = () => import("@waveform/contracts/search");

interface SearchRequest {
  q: string;
  type?: SearchKind;
  limit?: number;
  cursor?: string;
}

/** One answer of GET /api/search: every type's first results, or one type's page from `cursor`. */
export const searchQuery = ({ q, type, limit, cursor }: SearchRequest) =>
  queryOptions({
    queryKey: ["search", q, type ?? "all", limit ?? null, cursor ?? null],
    queryFn: async ({ signal }) =>
      apiRequest((await searchContract()).getSearch, {
        query: { q, type, limit: limit === undefined ? undefined : String(limit), cursor },
        signal,
      }),
  });
