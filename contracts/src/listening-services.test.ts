import { describe, expect, it } from "vitest";
import {
  albumUrl,
  LISTENING_SERVICES,
  playlistUrl,
  serviceSearchUrl,
  spotifyAlbumUrl,
  spotifyTrackUrl,
  trackUrl,
} from "./listening-services";

const track = { title: "One More Time", artist: "Daft Punk", spotifyUri: null };

describe("listening services", () => {
  it("searches each service for artist and title", () => {
    expect(LISTENING_SERVICES.map((service) => trackUrl(service, track))).toEqual([
      "https://open.spotify.com/search/Daft%20Punk%20One%20More%20Time",
      "https://music.apple.com/us/search?term=Daft%20Punk%20One%20More%20Time",
      "https://music.youtube.com/search?q=Daft%20Punk%20One%20More%20Time",
      "https://soundcloud.com/search/sounds?q=Daft%20Punk%20One%20More%20Time",
      "https://www.deezer.com/search/Daft%20Punk%20One%20More%20Time",
      "https://listen.tidal.com/search?q=Daft%20Punk%20One%20More%20Time",
    ]);
  });

  it("opens the exact Spotify track when its id is known", () => {
    const known = { ...track, spotifyUri: "spotify:track:0DiWol3AO6WpXZgp0goxAV" };
    expect(trackUrl("Spotify", known)).toBe("https://open.spotify.com/track/0DiWol3AO6WpXZgp0goxAV");
    expect(trackUrl("Deezer", known)).toBe(serviceSearchUrl("Deezer", "Daft Punk One More Time"));
  });

  it("ignores anything that is not a Spotify track uri", () => {
    expect(spotifyTrackUrl("spotify:album:0DiWol3AO6WpXZgp0goxAV")).toBeNull();
    expect(spotifyTrackUrl("javascript:alert(1)")).toBeNull();
    expect(spotifyTrackUrl(null)).toBeNull();
  });

  it("opens the exact Spotify album of a release when its id is known, else a search", () => {
    const album = {
      title: "Discovery",
      artist: "Daft Punk",
      spotifyUri: "spotify:album:2noRn2Aes5aoNVsU6iWThc",
    };
    expect(albumUrl("Spotify", album)).toBe("https://open.spotify.com/album/2noRn2Aes5aoNVsU6iWThc");
    expect(albumUrl("Spotify", { ...album, spotifyUri: null })).toBe(
      "https://open.spotify.com/search/Daft%20Punk%20Discovery",
    );
    expect(albumUrl("Tidal", album)).toBe(serviceSearchUrl("Tidal", "Daft Punk Discovery"));
    expect(spotifyAlbumUrl("spotify:track:2noRn2Aes5aoNVsU6iWThc")).toBeNull();
  });
});

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
