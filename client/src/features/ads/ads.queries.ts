import { queryOptions } from "@tanstack/react-query";
import { getCurrentAdvertisement } from "@waveform/contracts/ads";
import { apiRequestOrNull } from "../../lib/api-client";

/** The advertisement to show, or null (204: none is live). */
export const currentAdvertisementQuery = queryOptions({
  queryKey: ["advertisements", "current"],
  queryFn: ({ signal }) => apiRequestOrNull(getCurrentAdvertisement, { signal }),
});
