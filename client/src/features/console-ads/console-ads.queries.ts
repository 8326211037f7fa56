import { queryOptions } from "@tanstack/react-query";
import type { NewAdInput } from "@waveform/contracts/console-ads";
import { apiRequest } from "../../lib/api/request";

// Endpoints load with the first request (see lib/api/request.ts).
const contract = () => import("@waveform/contracts/console-ads");

export const consoleAdsQuery = queryOptions({
  queryKey: ["console", "ads"],
  queryFn: async ({ signal }) => (await apiRequest((await contract()).listConsoleAds, { signal })).ads,
});

export const scheduleAd = async (body: NewAdInput) =>
  apiRequest((await contract()).createConsoleAd, { body });

export const endAd = async (id: number) => apiRequest((await contract()).endConsoleAd, { params: { id } });
