import { spotifyAuthorizeUrl } from "@waveform/contracts/spotify-links";
import { useEffect, useState } from "react";
import { Button } from "../../components/ui/button";
import { siteConfig } from "../../lib/site-config";
import { SpotifyIcon } from "./spotify-icon";

export const SPOTIFY_NOT_CONFIGURED =
  "Connecting to Spotify isn't available here: this server has no Spotify app configured.";

/**
 * Sends the browser to the authorize endpoint, coming back to `returnTo`; says 'Connecting...'.
 * On a server without a Spotify app it says so instead of offering a button that cannot work.
 */
export function ConnectSpotifyButton({
  returnTo,
  label = "Connect with Spotify",
  disabled = false,
  size = "lg",
}: {
  returnTo: string;
  label?: string;
  disabled?: boolean;
  size?: "default" | "lg";
}) {
  const [connecting, setConnecting] = useState(false);
  // Back from Spotify's page, the browser may restore this page as it was: ready to connect again.
  useEffect(() => {
    const reset = (event: PageTransitionEvent) => {
      if (event.persisted) setConnecting(false);
    };
    window.addEventListener("pageshow", reset);
    return () => window.removeEventListener("pageshow", reset);
  }, []);
  if (siteConfig.spotifyConfigured === false) {
    return <p className="text-muted-foreground text-sm">{SPOTIFY_NOT_CONFIGURED}</p>;
  }
  return (
    <Button
      size={size}
      disabled={disabled || connecting}
      className="bg-[#1DB954] text-black hover:bg-[#1ed760]"
      onClick={() => {
        setConnecting(true);
        window.location.assign(spotifyAuthorizeUrl(returnTo));
      }}
    >
      <SpotifyIcon className="size-5" />
      {connecting ? "Connecting..." : label}
    </Button>
  );
}
