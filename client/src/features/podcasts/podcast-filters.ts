import {
  DEFAULT_MIN_RATING,
  PODCAST_CATEGORY_NAMES,
  PODCAST_PLATFORMS,
} from "@waveform/contracts/podcast-facts";
import type {
  DiscoveryPodcast,
  PodcastCategory,
  PodcastFilters,
  PodcastPlatform,
  PodcastReading,
} from "@waveform/contracts/podcasts";

/** The filter panel of 'Music Podcasts': search text, category (null = all), minimum rating. */
export interface PodcastFilterState {
  search: string;
  category: string | null;
  minRating: number;
}

export const DEFAULT_PODCAST_FILTERS: PodcastFilterState = {
  search: "",
  category: null,
  minRating: DEFAULT_MIN_RATING,
};

/** The server-side filters (`q`, `category`, `minRating`) for a panel state; empty text means no filter. */
export function toApiFilters(state: PodcastFilterState): PodcastFilters {
  const q = state.search.trim();
  return {
    q: q || undefined,
    category: state.category ?? undefined,
    minRating: Math.round(state.minRating * 10) / 10,
  };
}

export function isFiltered(state: PodcastFilterState): boolean {
  return (
    state.search.trim() !== "" ||
    state.category !== null ||
    state.minRating !== DEFAULT_PODCAST_FILTERS.minRating
  );
}

/** Category names to offer; when categories fail to load, the fixed set of PODCAST_CATEGORY_NAMES. */
export function categoryNames(categories: PodcastCategory[] | undefined, failed: boolean): string[] {
  if (failed || !categories) return failed ? [...PODCAST_CATEGORY_NAMES] : [];
  return categories.map((category) => category.name);
}

export const PODCAST_TABS = [
  { value: "all", label: "All Podcasts" },
  { value: "new", label: "New Releases" },
  { value: "trending", label: "Trending" },
  { value: "platform", label: "By Platform" },
] as const;
export type PodcastTab = (typeof PODCAST_TABS)[number]["value"];

export function podcastsForTab(podcasts: PodcastReading[], tab: PodcastTab): PodcastReading[] {
  if (tab === "new") return podcasts.filter((podcast) => podcast.isNew);
  if (tab === "trending") return podcasts.filter((podcast) => podcast.isTrending);
  return podcasts;
}

/** Podcasts grouped by platform, in the order of PODCAST_PLATFORMS; empty groups left out. */
export function groupByPlatform(
  podcasts: PodcastReading[],
): { platform: PodcastPlatform; podcasts: PodcastReading[] }[] {
  return PODCAST_PLATFORMS.map((platform) => ({
    platform,
    podcasts: podcasts.filter((podcast) => podcast.platform === platform),
  })).filter((group) => group.podcasts.length > 0);
}

/** Podcast Discovery's platform tabs (all, Spotify, Apple Podcasts). */
export const DISCOVERY_TABS = [
  { value: "all", label: "All Platforms" },
  { value: "Spotify", label: "Spotify" },
  { value: "Apple Podcasts", label: "Apple Podcasts" },
] as const;
export type DiscoveryTab = (typeof DISCOVERY_TABS)[number]["value"];

/** Client-side search (title, host, description; case-insensitive substring) and platform tab. */
export function filterDiscovery<P extends DiscoveryPodcast>(
  podcasts: P[],
  search: string,
  tab: DiscoveryTab,
): P[] {
  const needle = search.trim().toLowerCase();
  return podcasts.filter(
    (podcast) =>
      (tab === "all" || podcast.platform === tab) &&
      (needle === "" ||
        [podcast.title, podcast.host, podcast.description].some((text) =>
          text.toLowerCase().includes(needle),
        )),
  );
}
