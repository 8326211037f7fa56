import { describe, expect, it } from "vitest";
import { playlistUrl } from "./playlist-links";

describe("playlistUrl", () => {
  it("is the playlist's own page when it has a platform id", () => {
    expect(playlistUrl("Spotify", "37i9dQZF1DXcBWIGoYBM5M")).toBe(
      "https://open.spotify.com/playlist/37i9dQZF1DXcBWIGoYBM5M",
    );
    expect(playlistUrl("Apple Music", "pl.f4d106fed2bd41149aaacabb233eb5eb")).toBe(
      "https://music.apple.com/us/playlist/pl.f4d106fed2bd41149aaacabb233eb5eb",
    );
    expect(playlistUrl("YouTube Music", "PL4fGSI1pDJn6jXS_Tv_N9B8Z0HTRVJE0m")).toBe(
      "https://music.youtube.com/playlist?list=PL4fGSI1pDJn6jXS_Tv_N9B8Z0HTRVJE0m",
    );
  });

  it("is null without a platform id, or on a platform it cannot address", () => {
    expect(playlistUrl("Spotify", null)).toBeNull();
    expect(playlistUrl("Spotify", "")).toBeNull();
    expect(playlistUrl("Bandcamp", "123")).toBeNull();
  });
});
