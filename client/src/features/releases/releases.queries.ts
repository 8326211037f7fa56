import { queryOptions } from "@tanstack/react-query";
import { inHubWords } from "../../lib/api/errors";
import { apiRequest } from "../../lib/api/request";

// Endpoints load with the first request (see lib/api/request.ts).
const releasesContract = () => import("@waveform/contracts/releases");

/**
 * New releases, said in the music hub's words when they fail (`API error: <status>`), wherever they
 * are shown.
 */
export const newReleasesQuery = queryOptions({
  queryKey: ["music", "new-releases"],
  // An album with the fields screens require is enough (AlbumReadingSchema): no `spotifyUri` needed.
  queryFn: async ({ signal }) => {
    const { listNewReleases, AlbumListReadingSchema } = await releasesContract();
    return (await inHubWords(apiRequest(listNewReleases, { signal, answer: AlbumListReadingSchema }))).albums;
  },
});
