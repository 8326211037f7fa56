import { queryOptions } from "@tanstack/react-query";
import { apiRequest } from "../../lib/api/request";

// Endpoints load with the first request (see lib/api/request.ts).
const insightsContract = () => import("@waveform/contracts/insights");

/** A show's most played episodes of the last 7 days (empty while too few listened, issue 33). */
export const mostPlayedQuery = (slug: string) =>
  queryOptions({
    queryKey: ["podcasts", "most-played", slug],
    queryFn: async ({ signal }) =>
      apiRequest((await insightsContract()).getMostPlayed, { params: { show: slug }, signal }),
  });
