import { describe, expect, it } from "vitest";
import {
  albumUrl,
  LISTENING_SERVICES,
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
