import type { DiscoveryPodcast, EpisodeReading } from "@waveform/contracts/podcasts";
import type { PlayerEpisode } from "../player";

/** What the player needs of a listed episode; null when it has no audio to play. */
export function playerEpisodeOf(episode: EpisodeReading): PlayerEpisode | null {
  if (!episode.audioUrl) return null;
  return {
    id: episode.id,
    title: episode.title,
    // An episode read without its show (the club's own field) plays untitled by show, with no page link.
    showTitle: episode.podcastTitle ?? "",
    showSlug: episode.podcastSlug ?? null,
    artworkUrl: episode.imageUrl,
    audioUrl: episode.audioUrl,
    durationSeconds: episode.duration,
    chaptersUrl: episode.chaptersUrl ?? null,
  };
}

/** What the player needs of a show's latest episode; null when there is none or it has no audio. */
export function latestPlayerEpisodeOf(podcast: DiscoveryPodcast): PlayerEpisode | null {
  const latest = podcast.latestEpisode;
  if (!latest?.audioUrl) return null;
  return {
    id: latest.id,
    title: latest.title,
    showTitle: podcast.title,
    showSlug: podcast.slug ?? null,
    artworkUrl: podcast.imageUrl,
    audioUrl: latest.audioUrl,
    durationSeconds: latest.duration,
    chaptersUrl: latest.chaptersUrl ?? null,
  };
}
