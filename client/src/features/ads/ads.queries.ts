import { queryOptions } from "@tanstack/react-query";
import { apiRequestOrNull } from "../../lib/api/request";

// Endpoints load with the first request (see lib/api/request.ts).
const adsContract = () => import("@waveform/contracts/ads");

/** The advertisement to show, or null (204: none is live); it need not carry its `id`. */
export const currentAdvertisementQuery = queryOptions({
  queryKey: ["advertisements", "current"],
  queryFn: async ({ signal }) => {
    const { getCurrentAdvertisement, AdvertisementReadingSchema } = await adsContract();
    return apiRequestOrNull(getCurrentAdvertisement, { signal, answer: AdvertisementReadingSchema });
  },
});
