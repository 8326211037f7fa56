import type { EpisodePage, Show } from "@waveform/contracts/podcast-pages";
import type { DiscoveryPodcast, EpisodeReading, PodcastReading } from "@waveform/contracts/podcasts";
import { paths } from "./paths";
import { isoDuration, itemList, type StructuredData, uniqueById } from "./structured-data";

type SeriesInput = DiscoveryPodcast & Partial<Pick<PodcastReading, "categories">>;

// A relative address becomes absolute on the site's origin when the data is written. A club show
// read without its slug (the club's own field) has no address to give.
const seriesUrl = (podcast: SeriesInput) =>
  podcast.externalUrl ?? (podcast.slug ? paths.show(podcast.slug) : undefined);
const withUrl = (url: string | undefined) => (url ? { url } : {});

/** Its url: the show on its platform, or (a club show, published only here) its page on this site. */
export function podcastSeries(podcast: SeriesInput): StructuredData {
  return {
    "@type": "PodcastSeries",
    name: podcast.title,
    author: { "@type": "Person", name: podcast.host },
    description: podcast.description,
    image: podcast.imageUrl,
    ...(podcast.categories?.length ? { genre: podcast.categories } : {}),
    ...withUrl(seriesUrl(podcast)),
  };
}

function episodeFacts(episode: {
  title: string;
  description: string;
  duration: number | null;
  audioUrl?: string | null;
}) {
  return {
    "@type": "PodcastEpisode",
    name: episode.title,
    description: episode.description,
    ...(episode.duration !== null ? { duration: isoDuration(episode.duration) } : {}),
    ...(episode.audioUrl
      ? { associatedMedia: { "@type": "MediaObject", contentUrl: episode.audioUrl } }
      : {}),
  };
}

/** An episode of a list (recent episodes): its show is named by title, when the answer gives it. */
export function podcastEpisode(episode: EpisodeReading): StructuredData {
  return {
    ...episodeFacts(episode),
    datePublished: episode.date,
    image: episode.imageUrl,
    ...(episode.podcastTitle
      ? { partOfSeries: { "@type": "PodcastSeries", name: episode.podcastTitle } }
      : {}),
  };
}

/** A podcast's newest episode, as the featured podcast shows it; none when it has none. */
export function latestPodcastEpisode(podcast: SeriesInput): StructuredData | undefined {
  const episode = podcast.latestEpisode;
  if (!episode) return undefined;
  return {
    ...episodeFacts(episode),
    datePublished: episode.publishDate,
    partOfSeries: { "@type": "PodcastSeries", name: podcast.title, ...withUrl(seriesUrl(podcast)) },
  };
}

/** A show's own page: the series, its page as its url, its feed as its webFeed. */
export function showSeries(show: Show, path: string, feedUrl: string): StructuredData {
  return {
    "@type": "PodcastSeries",
    name: show.title,
    author: { "@type": "Person", name: show.host },
    description: show.description,
    image: show.imageUrl,
    ...(show.categories.length ? { genre: show.categories } : {}),
    url: path,
    webFeed: feedUrl,
  };
}

/** An episode's own page: the episode, its page as its url, and the show it belongs to. */
export function showEpisode(page: EpisodePage, path: string, showPath: string): StructuredData {
  return {
    ...episodeFacts(page.episode),
    datePublished: page.episode.date,
    image: page.episode.imageUrl,
    url: path,
    partOfSeries: { "@type": "PodcastSeries", name: page.show.title, url: showPath },
  };
}

/**
 * 'Music Podcasts': the featured podcast and the listed ones (each once), and the episodes shown
 * (the featured podcast's newest, then the latest episodes); a list with nothing in it is left out.
 */
export function podcastsPage({
  featured,
  podcasts = [],
  episodes = [],
}: {
  featured?: PodcastReading;
  podcasts?: PodcastReading[];
  episodes?: EpisodeReading[];
}): StructuredData[] {
  const series = uniqueById(featured ? [featured, ...podcasts] : podcasts).map(podcastSeries);
  const newest = featured?.latestEpisode;
  const episodeItems = uniqueById([
    ...(featured && newest ? [{ id: newest.id, data: latestPodcastEpisode(featured) }] : []),
    ...episodes.map((episode) => ({ id: episode.id, data: podcastEpisode(episode) })),
  ]).flatMap(({ data }) => (data ? [data] : []));
  return [
    ...(series.length ? [itemList("Music Podcasts", series)] : []),
    ...(episodeItems.length ? [itemList("Latest Episodes", episodeItems)] : []),
  ];
}

/** Podcast Discovery: the featured podcasts, then all the others (each once); nothing when empty. */
export function podcastDiscoveryPage({
  featured = [],
  podcasts = [],
}: {
  featured?: DiscoveryPodcast[];
  podcasts?: DiscoveryPodcast[];
}): StructuredData[] {
  const series = uniqueById([...featured, ...podcasts]).map(podcastSeries);
  return series.length ? [itemList("Music Podcasts", series)] : [];
}

// ── Artist Spotlight ─────────────────────────────────────────────────────────────────────────────

/** The fields of a spotlight artist that its MusicGroup reads (the spotlight's data). */
