import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import type { ReleaseFields } from "@waveform/contracts/console-releases";
import { apiRequest, apiSend } from "../../lib/api/request";

// Endpoints load with the first request (see lib/api/request.ts).
const contract = () => import("@waveform/contracts/console-releases");

interface ReleaseListParams {
  q: string;
  page: number;
  limit: number;
}

/** One page of the console's releases, searched on the server; the previous page shows while the next loads. */
export const consoleReleasesQuery = (params: ReleaseListParams) =>
  queryOptions({
    queryKey: ["console", "releases", params],
    queryFn: async ({ signal }) =>
      apiRequest((await contract()).listConsoleReleases, {
        query: { ...params, q: params.q.trim() || undefined },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const createRelease = async (body: ReleaseFields) =>
  apiRequest((await contract()).createConsoleRelease, { body });
export const updateRelease = async (id: number, body: ReleaseFields) =>
  apiRequest((await contract()).updateConsoleRelease, { params: { id }, body });
export const deleteRelease = async (id: number) =>
  apiSend((await contract()).removeConsoleRelease, { params: { id } });
