import type { Podcast } from "@waveform/contracts/podcasts";
import { describe, expect, it } from "vitest";
import {
  categoryNames,
  DEFAULT_PODCAST_FILTERS,
  filterDiscovery,
  groupByPlatform,
  isFiltered,
  podcastsForTab,
  toApiFilters,
} from "./podcast-filters";

const podcast = (overrides: Partial<Podcast>): Podcast => ({
  id: 1,
  slug: "loop-theory",
  title: "Loop Theory",
  host: "Andre Whitlock",
  hostImage: "/art/artist/a.svg",
  imageUrl: "/art/podcast/a.svg",
  description: "Samples and the records they came from.",
  categories: ["Music History"],
  episodeCount: 3,
  latestEpisode: null,
  platform: "Spotify",
  publishFrequency: "Weekly",
  rating: 4.5,
  externalUrl: "https://open.spotify.com/search/loop",
  isNew: false,
  isTrending: false,
  isFeatured: false,
  ...overrides,
});

const podcasts = [
  podcast({ id: 1 }),
  podcast({ id: 2, title: "Cue Sheet", host: "Hana", platform: "Apple Podcasts", isNew: true }),
  podcast({ id: 3, title: "Net Receipts", description: "Royalties, LOOPHOLES and deals", isTrending: true }),
  podcast({ id: 4, title: "Portraits", platform: "SoundCloud" }),
];

describe("podcast filters", () => {
  it("defaults to no search, all categories and a 4.0 minimum", () => {
    expect(DEFAULT_PODCAST_FILTERS).toEqual({ search: "", category: null, minRating: 4 });
    expect(isFiltered(DEFAULT_PODCAST_FILTERS)).toBe(false);
    expect(isFiltered({ ...DEFAULT_PODCAST_FILTERS, minRating: 3.5 })).toBe(true);
  });

  it("sends trimmed search text, the category and a rating rounded to one decimal", () => {
    expect(toApiFilters({ search: "  jazz ", category: "Interviews", minRating: 3.7000001 })).toEqual({
      q: "jazz",
      category: "Interviews",
      minRating: 3.7,
    });
    expect(toApiFilters(DEFAULT_PODCAST_FILTERS)).toEqual({
      q: undefined,
      category: undefined,
      minRating: 4,
    });
  });

  it("offers the fixed categories when categories fail to load", () => {
    expect(categoryNames(undefined, true)).toEqual([
      "Interviews",
      "Music Production",
      "Music History",
      "Genre Deep Dives",
      "Music Business",
      "Artist Spotlight",
    ]);
    expect(categoryNames(undefined, false)).toEqual([]);
    expect(categoryNames([{ id: 1, name: "Jazz Talk", imageUrl: "/x.svg", podcastCount: 2 }], false)).toEqual(
      ["Jazz Talk"],
    );
  });

  it("narrows by tab and groups by platform in PODCAST_PLATFORMS' order", () => {
    expect(podcastsForTab(podcasts, "new").map((p) => p.id)).toEqual([2]);
    expect(podcastsForTab(podcasts, "trending").map((p) => p.id)).toEqual([3]);
    expect(podcastsForTab(podcasts, "platform")).toHaveLength(4);
    expect(groupByPlatform(podcasts).map((group) => [group.platform, group.podcasts.length])).toEqual([
      ["Spotify", 2],
      ["Apple Podcasts", 1],
      ["SoundCloud", 1],
    ]);
  });

  it("discovery searches title, host and description in any case, within the platform tab", () => {
    expect(filterDiscovery(podcasts, "LOOP", "all").map((p) => p.id)).toEqual([1, 3]);
    expect(filterDiscovery(podcasts, "hana", "all").map((p) => p.id)).toEqual([2]);
    expect(filterDiscovery(podcasts, "", "Apple Podcasts").map((p) => p.id)).toEqual([2]);
    expect(filterDiscovery(podcasts, "loop", "Spotify").map((p) => p.id)).toEqual([1, 3]);
    expect(filterDiscovery(podcasts, "polka", "all")).toEqual([]);
  });
});
