import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { PageShell } from "../../components/layout/page-shell";
import { DownloadsOnDevice } from "../../features/downloads/downloads-on-device";
import { CategoryBadges } from "../../features/podcasts/category-badges";
import { EpisodePlayButton } from "../../features/podcasts/episode-play-button";
import { FeaturedPodcast } from "../../features/podcasts/featured-podcast";
import { LATEST_EPISODES_SHOWN, LatestEpisodes } from "../../features/podcasts/latest-episodes";
import { PodcastFilterPanel } from "../../features/podcasts/podcast-filter-panel";
import {
  categoryNames,
  DEFAULT_PODCAST_FILTERS,
  type PodcastTab,
  toApiFilters,
} from "../../features/podcasts/podcast-filters";
import { PodcastResults } from "../../features/podcasts/podcast-results";
import {
  featuredRealPodcastsQuery,
  podcastCategoriesQuery,
  podcastSummaryQuery,
} from "../../features/podcasts/podcasts.queries";
import { StartPodcastCta } from "../../features/podcasts/start-podcast-cta";
import { HydrateWhenVisible } from "../../lib/hydrate-when-visible";
import { HydrationRegion } from "../../lib/hydration-region";
import { paths } from "../../lib/paths";
import { homeBreadcrumbs } from "../../lib/structured-data";
import { podcastsPage } from "../../lib/structured-data-podcasts";
import { useDebouncedValue } from "../../lib/use-debounced-value";
import type { RouteQueries } from "../route-data";

/** 'Music Podcasts': its filters (text, category, minimum rating) are applied by the server. */
export function Component() {
  const [filters, setFilters] = useState(DEFAULT_PODCAST_FILTERS);
  const [tab, setTab] = useState<PodcastTab>("all");
  // Typing and dragging settle before they become a request.
  const settled = useDebouncedValue(filters, 250);
  const summary = useQuery(podcastSummaryQuery(toApiFilters(settled)));
  const categories = useQuery(podcastCategoriesQuery);
  // The featured podcast's own query (cached), for the JSON-LD.
  const featured = useQuery(featuredRealPodcastsQuery);

  useEffect(() => {
    if (categories.error) console.error("Failed to load podcast categories", categories.error);
  }, [categories.error]);

  const names = categoryNames(categories.data, Boolean(categories.error));
  const counts = Object.fromEntries(
    (categories.data ?? []).map((category) => [category.name, category.podcastCount]),
  );
  const clear = () => setFilters(DEFAULT_PODCAST_FILTERS);

  return (
    <PageShell
      title="Music Podcasts"
      structuredData={[
        ...podcastsPage({
          featured: featured.data?.[0],
          podcasts: summary.data?.podcasts,
          episodes: summary.data?.recentEpisodes.slice(0, LATEST_EPISODES_SHOWN),
        }),
        homeBreadcrumbs("Music Podcasts", paths.podcasts),
      ]}
      lead="Conversations with the people who make, study and sell music: interviews, production talk, history and deep dives."
    >
      <HydrationRegion>
        <DownloadsOnDevice
          playButton={(episode, title) => <EpisodePlayButton episode={episode} title={title} />}
        />
      </HydrationRegion>
      <HydrationRegion>
        <FeaturedPodcast />
      </HydrationRegion>
      <div className="mt-10">
        <HydrationRegion>
          <PodcastFilterPanel filters={filters} categories={names} onChange={setFilters} />
        </HydrationRegion>
      </div>
      <HydrationRegion>
        <CategoryBadges
          categories={names}
          counts={counts}
          selected={filters.category}
          loading={categories.isPending}
          onSelect={(category) => setFilters({ ...filters, category })}
        />
      </HydrationRegion>
      {/* Below a phone's first screen: hydrated when scrolled near (their HTML is there at once). */}
      <HydrateWhenVisible anchorId="podcast-results-heading">
        <PodcastResults
          podcasts={summary.data?.podcasts}
          loading={summary.isPending}
          error={summary.error}
          tab={tab}
          onTabChange={setTab}
          onClear={clear}
        />
      </HydrateWhenVisible>
      <HydrateWhenVisible anchorId="latest-episodes-heading">
        <LatestEpisodes episodes={summary.data?.recentEpisodes} loading={summary.isPending} />
      </HydrateWhenVisible>
      <HydrateWhenVisible anchorId="start-podcast-heading">
        <StartPodcastCta />
      </HydrateWhenVisible>
    </PageShell>
  );
}

/** The first screen's reads: the default filters' podcasts, the categories, the featured podcast. */
export const queries: RouteQueries = () => [
  podcastSummaryQuery(toApiFilters(DEFAULT_PODCAST_FILTERS)),
  podcastCategoriesQuery,
  featuredRealPodcastsQuery,
];
