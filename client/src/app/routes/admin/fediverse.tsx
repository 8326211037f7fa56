import { fediverseOverviewQuery } from "../../../features/console-fediverse/console-fediverse.queries";
import { ConsoleFediversePage } from "../../../features/console-fediverse/console-fediverse-page";
import type { RouteQueries } from "../../route-data";

export function Component() {
  return <ConsoleFediversePage />;
}

/** The overview (on or off, the accounts); each section loads its own list. */
export const queries: RouteQueries = () => [fediverseOverviewQuery];
