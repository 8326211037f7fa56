import { queryOptions } from "@tanstack/react-query";
import { listNewReleases } from "@waveform/contracts/releases";
import { ApiRequestError, apiRequest } from "../../lib/api-client";

export const newReleasesQuery = queryOptions({
  queryKey: ["music", "new-releases"],
  queryFn: async ({ signal }) => {
    try {
      return (await apiRequest(listNewReleases, { signal })).albums;
    } catch (error) {
      // The music hub's wording for failed calls (SPEC §8), used wherever releases are shown.
      if (error instanceof ApiRequestError) throw new Error(`API error: ${error.status}`);
      throw error;
    }
  },
});
