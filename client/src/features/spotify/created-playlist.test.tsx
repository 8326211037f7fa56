import { render, screen } from "@testing-library/react";
import type { CreatedSpotifyPlaylist } from "@waveform/contracts/spotify";
import { describe, expect, it } from "vitest";
import { CreatedPlaylist } from "./created-playlist";

const created: CreatedSpotifyPlaylist = {
  id: "3cEYpjA9oz9GiPac4AsH4n",
  name: "Five hundred",
  url: "https://open.spotify.com/playlist/3cEYpjA9oz9GiPac4AsH4n",
  tracksAdded: 120,
  notFound: [{ title: "Unheard", artist: "Nobody" }],
};

describe("CreatedPlaylist", () => {
  it("says how many tracks were not looked up when the visitor's Spotify searches ran out", () => {
    render(<CreatedPlaylist created={{ ...created, notSearched: 379 }} onAnother={() => {}} />);
    expect(
      screen.getByText(
        "379 tracks were not looked up on Spotify and left out: you have made too many Spotify searches in the last 10 minutes.",
      ),
    ).toBeInTheDocument();
    expect(screen.getByText("Not found on Spotify (1)")).toBeInTheDocument();
  });

  it("says nothing of it when every track was looked up", () => {
    render(<CreatedPlaylist created={created} onAnother={() => {}} />);
    expect(screen.queryByText(/not looked up/)).not.toBeInTheDocument();
  });
});
