import { consolePodcastsQuery } from "../../../features/console-podcasts/console-podcasts.queries";
import { ConsolePodcastsPage } from "../../../features/console-podcasts/console-podcasts-page";
import type { RouteQueries } from "../../route-data";

export function Component() {
  return <ConsolePodcastsPage />;
}

export const queries: RouteQueries = () => [consolePodcastsQuery];
