import { useQuery } from "@tanstack/react-query";
import { lazy, Suspense, useEffect, useState } from "react";
import { BUILT_BY_SERVER } from "../../components/layout/page-head";
import { PageShell } from "../../components/layout/page-shell";
import { DownloadsOnDevice } from "../../features/downloads/downloads-on-device";
import { FeaturedPodcast } from "../../features/podcasts/featured-podcast";
import { LATEST_EPISODES_SHOWN } from "../../features/podcasts/latest-episodes-shown";
import {
  categoryNames,
  DEFAULT_PODCAST_FILTERS,
  type PodcastTab,
  toApiFilters,
} from "../../features/podcasts/podcast-filters";
import {
  featuredRealPodcastsQuery,
  podcastCategoriesQuery,
  podcastSummaryQuery,
} from "../../features/podcasts/podcasts.queries";
import { HydrateWhenVisible } from "../../lib/hydrate-when-visible";
import { HydrationRegion } from "../../lib/hydration-region";
import { paths } from "../../lib/paths";
import { homeBreadcrumbs } from "../../lib/structured-data";
import { podcastsPage } from "../../lib/structured-data-podcasts";
import { useDebouncedValue } from "../../lib/use-debounced-value";
import type { RouteQueries } from "../route-data";

// Below a phone's first screen, each part's code loads when it comes near (or is touched), and
// only then does it hydrate: its HTML is the server's from the start (decision 0019).
const PodcastFilterPanel = lazy(() =>
  import("../../features/podcasts/podcast-filter-panel").then((module) => ({
    default: module.PodcastFilterPanel,
  })),
);
const CategoryBadges = lazy(() =>
  import("../../features/podcasts/category-badges").then((module) => ({ default: module.CategoryBadges })),
);
const PodcastResults = lazy(() =>
  import("../../features/podcasts/podcast-results").then((module) => ({ default: module.PodcastResults })),
);
const LatestEpisodes = lazy(() =>
  import("../../features/podcasts/latest-episodes").then((module) => ({ default: module.LatestEpisodes })),
);
const StartPodcastCta = lazy(() =>
  import("../../features/podcasts/start-podcast-cta").then((module) => ({ default: module.StartPodcastCta })),
);
// Only a device with downloaded episodes shows them, each with a play button (and the player).
const EpisodePlayButton = lazy(() =>
  import("../../features/podcasts/episode-play-button").then((module) => ({
    default: module.EpisodePlayButton,
  })),
);

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
      structuredData={
        import.meta.env.SSR
          ? [
              ...podcastsPage({
                featured: featured.data?.[0],
                podcasts: summary.data?.podcasts,
                episodes: summary.data?.recentEpisodes.slice(0, LATEST_EPISODES_SHOWN),
              }),
              homeBreadcrumbs("Music Podcasts", paths.podcasts),
            ]
          : BUILT_BY_SERVER
      }
      lead="Conversations with the people who make, study and sell music: interviews, production talk, history and deep dives."
    >
      <HydrationRegion>
        <DownloadsOnDevice
          playButton={(episode, title) => (
            <Suspense fallback={null}>
              <EpisodePlayButton episode={episode} title={title} />
            </Suspense>
          )}
        />
      </HydrationRegion>
      <HydrationRegion>
        <FeaturedPodcast />
      </HydrationRegion>
      <div className="mt-10">
        {/* Just below a phone's first screen: on the first scroll, or when in view. */}
        <HydrateWhenVisible anchorId="filters-heading" when={{ nearPx: 0, onFirstScroll: true }}>
          <PodcastFilterPanel filters={filters} categories={names} onChange={setFilters} />
        </HydrateWhenVisible>
      </div>
      <HydrateWhenVisible anchorId="browse-category-heading" when={{ nearPx: 0, onFirstScroll: true }}>
        <CategoryBadges
          categories={names}
          counts={counts}
          selected={filters.category}
          loading={categories.isPending}
          onSelect={(category) => setFilters({ ...filters, category })}
        />
      </HydrateWhenVisible>
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
