import { useQuery } from "@tanstack/react-query";
import { BUILT_BY_SERVER } from "../../components/layout/page-head";
import { PageShell } from "../../components/layout/page-shell";
import { PodcastDiscovery } from "../../features/podcasts/podcast-discovery";
import {
  discoveryFeaturedPodcastsQuery,
  discoveryPodcastsQuery,
} from "../../features/podcasts/podcasts.queries";
import { paths } from "../../lib/paths";
import { homeBreadcrumbs } from "../../lib/structured-data";
import { podcastDiscoveryPage } from "../../lib/structured-data-podcasts";
import type { RouteQueries } from "../route-data";

export function Component() {
  // The lists' own queries (cached), for the JSON-LD.
  const featured = useQuery(discoveryFeaturedPodcastsQuery);
  const all = useQuery(discoveryPodcastsQuery);
  return (
    <PageShell
      title="Podcast Discovery"
      lead="Find your next favourite music podcast on the platform you already use."
      structuredData={
        import.meta.env.SSR
          ? [
              ...podcastDiscoveryPage({ featured: featured.data, podcasts: all.data }),
              homeBreadcrumbs("Podcast Discovery", paths.podcastsDiscovery),
            ]
          : BUILT_BY_SERVER
      }
    >
      <PodcastDiscovery />
    </PageShell>
  );
}

export const queries: RouteQueries = () => [discoveryFeaturedPodcastsQuery, discoveryPodcastsQuery];
