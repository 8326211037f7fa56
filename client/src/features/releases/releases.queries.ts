import { queryOptions } from "@tanstack/react-query";
import { inHubWords } from "../../lib/api/errors";
import { apiRequest } from "../../lib/api/request";

// Endpoints load with the first request (see lib/api/request.ts).
const releasesContract = () => import("@waveform/contracts/releases");

/** New releases, said in the music hub's words when they fail (SPEC §8), wherever they are shown. */
export const newReleasesQuery = queryOptions({
  queryKey: ["music", "new-releases"],
  // An album as SPEC §3 lists it is enough (AlbumReadingSchema): no `spotifyUri` needed.
  queryFn: async ({ signal }) => {
    const { listNewReleases, AlbumListReadingSchema } = await releasesContract();
    return (await inHubWords(apiRequest(listNewReleases, { signal, answer: AlbumListReadingSchema }))).albums;
  },
});
