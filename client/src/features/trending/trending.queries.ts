import { queryOptions } from "@tanstack/react-query";
import { apiRequest } from "../../lib/api/request";

// Endpoints load with the first request (see lib/api/request.ts).
const insightsContract = () => import("@waveform/contracts/insights");

/** What the club's visitors opened and played most over the last 7 days (issue 33). */
export const trendingQuery = queryOptions({
  queryKey: ["insights", "trending"],
  queryFn: async ({ signal }) => apiRequest((await insightsContract()).getTrending, { signal }),
});
