import type { QueryClient } from "@tanstack/react-query";
import {
  isSpotifyOutcome,
  SPOTIFY_OUTCOME_MESSAGES,
  type SpotifyOutcome,
} from "@waveform/contracts/spotify-links";
import { notify } from "../../lib/notify";

/** Each outcome's toast title; its description is the contract's sentence. */
const SPOTIFY_OUTCOME_TITLES: Record<SpotifyOutcome, string> = {
  connected: "Connected to Spotify",
  denied: "Spotify connection not made",
  failed: "Spotify connection not made",
  expired: "That Spotify sign-in link has expired; please try again",
  "not-configured": "Spotify isn't set up on this site yet",
};

/**
 * Says how the Spotify sign-in went, refreshes what depends on the connection and tidies the
 * address (`tidy`); an unknown outcome is left alone. Loaded only when the address carries one.
 */
export function announceSpotifyOutcome(outcome: string, queryClient: QueryClient, tidy: () => void): void {
  if (!isSpotifyOutcome(outcome)) return;
  const connected = outcome === "connected";
  void notify(connected ? "success" : "error", SPOTIFY_OUTCOME_TITLES[outcome], {
    description: SPOTIFY_OUTCOME_MESSAGES[outcome],
  });
  void queryClient.invalidateQueries({ queryKey: ["spotify"] });
  tidy();
}
