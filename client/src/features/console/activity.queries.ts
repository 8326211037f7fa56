import { queryOptions } from "@tanstack/react-query";
import { apiRequest } from "../../lib/api/request";

const activityContract = () => import("@waveform/contracts/console-activity");

export interface ActivityFilters {
  entity?: string;
  operator?: string;
  from?: string;
  to?: string;
  page?: number;
}

/** The filters in the page's address (only those set), so a filtered page can be linked and reloaded. */
export function filtersFrom(params: URLSearchParams): ActivityFilters {
  const filters: ActivityFilters = {};
  for (const key of ["entity", "operator", "from", "to"] as const) {
    const value = params.get(key);
    if (value) filters[key] = value;
  }
  const page = Number(params.get("page"));
  if (Number.isInteger(page) && page > 1) filters.page = page;
  return filters;
}

export const activityQuery = (filters: ActivityFilters) =>
  queryOptions({
    queryKey: ["console", "activity", filters],
    // Asked again whenever the page is opened: changes made since (here or by others) must show.
    staleTime: 0,
    queryFn: async ({ signal }) =>
      apiRequest((await activityContract()).listActivity, { query: { ...filters }, signal }),
  });
