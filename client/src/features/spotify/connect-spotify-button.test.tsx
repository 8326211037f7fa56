import { render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { siteConfig } from "../../lib/site-config";
import { ConnectSpotifyButton, SPOTIFY_NOT_CONFIGURED } from "./connect-spotify-button";

const configured = siteConfig.spotifyConfigured;
afterEach(() => {
  siteConfig.spotifyConfigured = configured;
});

describe("ConnectSpotifyButton", () => {
  it("offers 'Connect with Spotify' when the server has a Spotify app", () => {
    siteConfig.spotifyConfigured = true;
    render(<ConnectSpotifyButton returnTo="/spotify-test" />);
    expect(screen.getByRole("button", { name: "Connect with Spotify" })).toBeEnabled();
  });

  it("says connecting is not available, with no button, when the server has none", () => {
    siteConfig.spotifyConfigured = false;
    render(<ConnectSpotifyButton returnTo="/spotify-test" />);
    expect(screen.queryByRole("button")).toBeNull();
    expect(screen.getByText(SPOTIFY_NOT_CONFIGURED)).toBeInTheDocument();
  });
});
