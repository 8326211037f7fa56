import { activityQuery, filtersFrom } from "../../../features/console/activity.queries";
import { ActivityPage } from "../../../features/console/activity-page";
import { consoleMeQuery } from "../../../features/console/console.queries";
import type { RouteQueries } from "../../route-data";

export function Component() {
  return <ActivityPage />;
}

/** The trail as the address filters and pages it. */
export const queries: RouteQueries = ({ search }) => [activityQuery(filtersFrom(search)), consoleMeQuery];
