import type { Episode, Podcast } from "@waveform/contracts/podcasts";
import { episodes, podcasts } from "../../db/schema";
import { slugify } from "../../lib/slugify";
import { imageOrArt } from "../artwork/index";
import { hasStoredChapters, publicChaptersUrl } from "../podcast-timed-text/index";
import { publicAudioUrl } from "./audio-url";
import { isOwnFeed } from "./own-feeds";
import { podcastPlatformSearchUrl } from "./podcast-platforms";

// What a podcast listing selects of a show and its latest episode, and how such a row becomes the
// API's Podcast and Episode (podcasts.repository.ts runs the queries).

type PodcastRow = typeof podcasts.$inferSelect;
type EpisodeRow = typeof episodes.$inferSelect;

const isoDate = (date: Date | string | null) => new Date(date ?? 0).toISOString().slice(0, 10);
const podcastArt = (row: Pick<PodcastRow, "imageUrl" | "slug">) =>
  imageOrArt(row.imageUrl, "podcast", row.slug);
export const hostArt = (row: Pick<PodcastRow, "hostImageUrl" | "host" | "slug">) =>
  imageOrArt(row.hostImageUrl, "artist", slugify(row.host || row.slug));

/** Only http(s) addresses leave the server; anything else in a feed becomes "unknown". */
const httpOrNull = (url: string | null) => (url && /^https?:\/\//i.test(url) ? url : null);

export function toPodcast(row: ListedPodcast, latest: ListedEpisodeJson | null): Podcast {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    host: row.host,
    hostImage: hostArt(row),
    imageUrl: podcastArt(row),
    description: row.description,
    categories: row.categoryNames,
    episodeCount: row.episodeCount,
    latestEpisode: latest
      ? {
          id: latest.id,
          title: latest.title,
          description: latest.description,
          duration: latest.durationSeconds,
          publishDate: isoDate(latest.publishedAt),
          audioUrl: publicAudioUrl(latest.audioUrl),
          chaptersUrl: publicChaptersUrl(latest, latest.hasStoredChapters),
        }
      : null,
    platform: row.platform as Podcast["platform"],
    publishFrequency: row.publishFrequency as Podcast["publishFrequency"],
    rating: row.ratingTenths / 10,
    // The club's own shows are on no platform: a search for their title would find nothing.
    externalUrl: isOwnFeed(row.feedUrl)
      ? null
      : (httpOrNull(row.externalUrl) ??
        podcastPlatformSearchUrl(row.platform as Podcast["platform"], row.title)),
    isNew: row.isNew,
    isTrending: row.isTrending,
    isFeatured: row.isFeatured,
  };
}

export function toEpisode(row: ListedEpisode, podcast: ListedPodcast): Episode {
  return {
    id: row.id,
    podcastId: podcast.id,
    podcastSlug: podcast.slug,
    podcastTitle: podcast.title,
    title: row.title,
    description: row.description,
    // Feed artwork is not hot-linked (same-site images only); episodes show their podcast's art.
    imageUrl: podcastArt(podcast),
    date: isoDate(row.publishedAt),
    duration: row.durationSeconds,
    audioUrl: publicAudioUrl(row.audioUrl),
    chaptersUrl: publicChaptersUrl(row, row.hasStoredChapters),
  };
}

/** The podcast columns a listing needs (not the fetch bookkeeping). */
export const listedPodcast = {
  id: podcasts.id,
  slug: podcasts.slug,
  title: podcasts.title,
  host: podcasts.host,
  hostImageUrl: podcasts.hostImageUrl,
  imageUrl: podcasts.imageUrl,
  description: podcasts.description,
  categoryNames: podcasts.categoryNames,
  episodeCount: podcasts.episodeCount,
  platform: podcasts.platform,
  publishFrequency: podcasts.publishFrequency,
  ratingTenths: podcasts.ratingTenths,
  externalUrl: podcasts.externalUrl,
  feedUrl: podcasts.feedUrl,
  isNew: podcasts.isNew,
  isTrending: podcasts.isTrending,
  isFeatured: podcasts.isFeatured,
};
export const listedEpisode = {
  id: episodes.id,
  title: episodes.title,
  description: episodes.description,
  audioUrl: episodes.audioUrl,
  chaptersUrl: episodes.chaptersUrl,
  durationSeconds: episodes.durationSeconds,
  publishedAt: episodes.publishedAt,
  /** A web show's episode: whether its chapters are stored (its chaptersUrl is then on this site). */
  hasStoredChapters: hasStoredChapters(),
};
type ListedPodcast = { [K in keyof typeof listedPodcast]: PodcastRow[K] };
type ListedEpisode = {
  [K in Exclude<keyof typeof listedEpisode, "hasStoredChapters">]: EpisodeRow[K];
} & {
  hasStoredChapters: boolean;
};

/** A listing row's latest episode as JSON gives it: timestamps arrive as ISO 8601 text. */
type ListedEpisodeJson = Omit<ListedEpisode, "publishedAt"> & { publishedAt: string | null };
/** A listing row as its one JSON value reads: the podcast and its latest episode, by name. */
export type ListingRow = { podcast: ListedPodcast; latestEpisode: ListedEpisodeJson | null };
