import type { PodcastPlatform } from "@waveform/contracts/podcasts";

/** A podcast platform's search page, for a show whose feed gives no web page: an outbound link
 * is always a real address. */
export function podcastPlatformSearchUrl(platform: PodcastPlatform, title: string): string {
  const q = encodeURIComponent(title);
  switch (platform) {
    case "Spotify":
      return `https://open.spotify.com/search/${q}/podcasts`;
    case "Apple Podcasts":
      return `https://podcasts.apple.com/us/search?term=${q}`;
    // Google Podcasts closed in 2024 and sends its visitors to YouTube Music's podcasts.
    case "Google Podcasts":
      return `https://music.youtube.com/search?q=${q}`;
    case "SoundCloud":
      return `https://soundcloud.com/search?q=${q}`;
  }
}
