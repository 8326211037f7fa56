import { describe, expect, it } from "vitest";
import { recognisePlaylistAddress } from "./playlist-addresses";

describe("recognisePlaylistAddress", () => {
  it.each([
    ["https://open.spotify.com/playlist/37i9dQZF1DXcBWIGoYBM5M?si=abc", "Spotify", "37i9dQZF1DXcBWIGoYBM5M"],
    ["open.spotify.com/intl-de/playlist/37i9dQZF1DXcBWIGoYBM5M", "Spotify", "37i9dQZF1DXcBWIGoYBM5M"],
    ["spotify:playlist:37i9dQZF1DXcBWIGoYBM5M", "Spotify", "37i9dQZF1DXcBWIGoYBM5M"],
    [
      "https://music.apple.com/us/playlist/todays-hits/pl.f4d106fed2bd41149aaacabb233eb5eb",
      "Apple Music",
      "pl.f4d106fed2bd41149aaacabb233eb5eb",
    ],
    ["https://music.apple.com/gb/playlist/pl.u-8aAVZAaCzoyJ1M", "Apple Music", "pl.u-8aAVZAaCzoyJ1M"],
    [
      "https://music.youtube.com/playlist?list=RDCLAK5uy_kmPRjHDECIcuVwnKsx2Ng7fyNgFKWNJFs",
      "YouTube Music",
      "RDCLAK5uy_kmPRjHDECIcuVwnKsx2Ng7fyNgFKWNJFs",
    ],
    [
      "  https://www.youtube.com/playlist?list=PLFgquLnL59alCl_2TQvOiD5Vgm1hCaGSI  ",
      "YouTube Music",
      "PLFgquLnL59alCl_2TQvOiD5Vgm1hCaGSI",
    ],
  ])("%s is a %s playlist", (address, platform, platformId) => {
    expect(recognisePlaylistAddress(address)).toMatchObject({ platform, platformId });
  });

  it("gives the canonical address the site links to", () => {
    expect(
      recognisePlaylistAddress("open.spotify.com/playlist/37i9dQZF1DXcBWIGoYBM5M?si=x")?.externalUrl,
    ).toBe("https://open.spotify.com/playlist/37i9dQZF1DXcBWIGoYBM5M");
  });

  it.each([
    "",
    "hello",
    "https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC",
    "https://open.spotify.com/playlist/short",
    "https://music.apple.com/us/album/x/1440857781",
    "https://music.youtube.com/watch?v=dQw4w9WgXcQ",
    "https://example.com/playlist/37i9dQZF1DXcBWIGoYBM5M",
    "javascript:alert(1)",
    "ftp://open.spotify.com/playlist/37i9dQZF1DXcBWIGoYBM5M",
  ])("refuses %j", (address) => {
    expect(recognisePlaylistAddress(address)).toBeNull();
  });
});
