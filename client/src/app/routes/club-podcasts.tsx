import { useQuery } from "@tanstack/react-query";
import { PageShell } from "../../components/layout/page-shell";
import { ErrorNotice } from "../../components/media/notices";
import { Skeleton } from "../../components/ui/skeleton";
import { ClubPodcastsPage } from "../../features/podcasts/club-podcasts-page";
import { podcastSummaryQuery } from "../../features/podcasts/podcasts.queries";
import { siteConfig } from "../../lib/site-config";
import type { RouteQueries } from "../route-data";

/** The club's podcasts page: the featured episode with simulated progress, and the latest ones. */
export function Component() {
  const { data, isPending, error } = useQuery(podcastSummaryQuery());
  return (
    <PageShell
      title={`${siteConfig.shortName} Podcasts`}
      lead="Our own shows: long conversations with musicians, producers and the people behind the records."
    >
      {error ? (
        <div className="mt-8">
          <ErrorNotice title="Error loading podcasts" message={error.message} />
        </div>
      ) : isPending ? (
        <div className="mt-8 space-y-10" aria-busy="true">
          <Skeleton className="h-[30rem] rounded-2xl sm:h-64" />
          <Skeleton className="h-10 w-80" />
        </div>
      ) : (
        <ClubPodcastsPage summary={data} />
      )}
    </PageShell>
  );
}

export const queries: RouteQueries = () => [podcastSummaryQuery()];
