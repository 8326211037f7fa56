import { daysFrom, insightsReportQuery } from "../../../features/console-insights/insights.queries";
import { InsightsPage } from "../../../features/console-insights/insights-page";
import type { RouteQueries } from "../../route-data";

export function Component() {
  return <InsightsPage />;
}

/** The report of the period in the address (`?days=7|30|90`). */
export const queries: RouteQueries = ({ search }) => [insightsReportQuery(daysFrom(search))];
