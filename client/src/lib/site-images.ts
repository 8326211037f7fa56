import { queryOptions, useQuery } from "@tanstack/react-query";
import type { SiteImageName } from "@waveform/contracts/images";
import { apiRequest } from "./api/request";

export const siteImageQuery = (name: SiteImageName) =>
  queryOptions({
    queryKey: ["images", name],
    queryFn: async ({ signal }) =>
      (await apiRequest((await import("@waveform/contracts/images")).getSiteImage(name), { signal })).url,
    // Hero and platforms images are read once and kept for the whole visit.
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });

/** A site image's address: null while it loads, the local fallback when the server has none. */
export function useSiteImage(name: SiteImageName, fallback: string): string | null {
  const { data, isPending } = useQuery(siteImageQuery(name));
  if (isPending) return null;
  return data ?? fallback;
}
