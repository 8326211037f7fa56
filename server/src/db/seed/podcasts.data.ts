import type { PodcastPlatform } from "@waveform/contracts/podcasts";

/**
 * The seed podcasts: each one is an RSS file in ./podcast-feeds (fictional shows written for this
 * project, see its README), read through the same ingestion as any feed. What a feed cannot say
 * (platform, rating, flags, the site's categories, how often it publishes) is given here.
 */
interface PodcastSeed {
  file: string;
  platform: PodcastPlatform;
  rating: number;
  publishFrequency: "Weekly" | "Biweekly" | "Monthly";
  categories: string[];
  isNew?: boolean;
  isTrending?: boolean;
  isFeatured?: boolean;
}

export const podcastSeeds: PodcastSeed[] = [
  {
    file: "green-room-sessions.xml",
    platform: "Spotify",
    rating: 4.8,
    publishFrequency: "Weekly",
    categories: ["Interviews"],
    isFeatured: true,
    isTrending: true,
  },
  {
    file: "bedroom-to-master.xml",
    platform: "Apple Podcasts",
    rating: 4.6,
    publishFrequency: "Biweekly",
    categories: ["Music Production"],
    isTrending: true,
  },
  {
    file: "pressing-matters.xml",
    platform: "Apple Podcasts",
    rating: 4.4,
    publishFrequency: "Monthly",
    categories: ["Music History"],
  },
  {
    file: "genre-atlas.xml",
    platform: "Spotify",
    rating: 4.2,
    publishFrequency: "Biweekly",
    categories: ["Genre Deep Dives"],
    isTrending: true,
  },
  {
    file: "net-receipts.xml",
    platform: "Google Podcasts",
    rating: 3.7,
    publishFrequency: "Monthly",
    categories: ["Music Business"],
  },
  {
    file: "portrait-series.xml",
    platform: "SoundCloud",
    rating: 4.1,
    publishFrequency: "Biweekly",
    categories: ["Artist Spotlight"],
    isNew: true,
  },
  {
    file: "loop-theory.xml",
    platform: "Spotify",
    rating: 4.5,
    publishFrequency: "Weekly",
    categories: ["Genre Deep Dives", "Music History"],
  },
  {
    file: "cue-sheet.xml",
    platform: "Apple Podcasts",
    rating: 3.4,
    publishFrequency: "Biweekly",
    categories: ["Music Production", "Interviews"],
    isNew: true,
  },
];
