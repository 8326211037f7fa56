import type { DiscoveryPodcast } from "@waveform/contracts/podcasts";
import { describe, expect, it } from "vitest";
import { latestPlayerEpisodeOf } from "./player-episode";

const podcast: DiscoveryPodcast = {
  id: 3,
  slug: "open-mic",
  title: "Open Mic",
  host: "Ana Ruiz",
  description: "",
  imageUrl: "/art/podcast/open-mic.svg",
  platform: "Spotify",
  externalUrl: null,
  latestEpisode: {
    id: 41,
    title: "Forty-one",
    description: "",
    duration: 1800,
    publishDate: "2026-11-20",
    audioUrl: "https://cdn.test/41.mp3",
    chaptersUrl: "/api/podcasts/episodes/41/chapters",
  },
};

describe("a show's latest episode in the player", () => {
  it("keeps its chapters address, and has none when the answer gives none", () => {
    expect(latestPlayerEpisodeOf(podcast)?.chaptersUrl).toBe("/api/podcasts/episodes/41/chapters");
    const { chaptersUrl: _, ...withoutChapters } = podcast.latestEpisode ?? { id: 0 };
    expect(
      latestPlayerEpisodeOf({
        ...podcast,
        latestEpisode: withoutChapters as DiscoveryPodcast["latestEpisode"],
      })?.chaptersUrl,
    ).toBeNull();
  });
});
