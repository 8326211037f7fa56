import { queryOptions } from "@tanstack/react-query";
import { INSIGHT_REPORT_DAYS, INSIGHTS_CSV_PATH, type InsightReportDays } from "@waveform/contracts/insights";
import { apiRequest } from "../../lib/api/request";

// Endpoints load with the first request (see lib/api/request.ts).
const contract = () => import("@waveform/contracts/insights");

/** The periods the page offers: those the report's contract allows. */
export const PERIODS: readonly InsightReportDays[] = INSIGHT_REPORT_DAYS;

/** The period in the page's address (`?days=30`); 7 when absent or not one the report offers. */
export function daysFrom(search: URLSearchParams): InsightReportDays {
  const days = Number(search.get("days"));
  return PERIODS.find((period) => period === days) ?? 7;
}

/** The console's insights report over the last `days` UTC days. */
export const insightsReportQuery = (days: InsightReportDays) =>
  queryOptions({
    queryKey: ["console", "insights", days],
    // Asked again whenever the page is opened: today's counts grow all day.
    staleTime: 0,
    queryFn: async ({ signal }) =>
      apiRequest((await contract()).getInsightsReport, { query: { days }, signal }),
  });

/** The CSV export of the same period (a plain link: the server names the file). */
export const insightsCsvPath = (days: InsightReportDays) => `${INSIGHTS_CSV_PATH}?days=${days}`;
