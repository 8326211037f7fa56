import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { apiRequest } from "../../lib/api/request";

// Endpoints load with the first request (see lib/api/request.ts).
const contract = () => import("@waveform/contracts/console-subscribers");

/** One page of the subscribers matching `q`, with the counts by status. */
export const consoleSubscribersQuery = (q: string, page: number) =>
  queryOptions({
    queryKey: ["console", "subscribers", q, page],
    queryFn: async ({ signal }) =>
      apiRequest((await contract()).listConsoleSubscribers, { query: { q, page }, signal }),
    // The table keeps the last page while the next loads, so paging does not blank it.
    placeholderData: keepPreviousData,
  });

export const eraseSubscriber = async (id: number) =>
  apiRequest((await contract()).eraseConsoleSubscriber, { params: { id } });
