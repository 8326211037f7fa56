import { queryOptions } from "@tanstack/react-query";
import { listNewReleases } from "@waveform/contracts/releases";
import { apiRequest, inHubWords } from "../../lib/api-client";

/** New releases, said in the music hub's words when they fail (SPEC §8), wherever they are shown. */
export const newReleasesQuery = queryOptions({
  queryKey: ["music", "new-releases"],
  queryFn: async ({ signal }) => (await inHubWords(apiRequest(listNewReleases, { signal }))).albums,
});
