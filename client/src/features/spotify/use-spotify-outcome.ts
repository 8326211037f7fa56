import { useQueryClient } from "@tanstack/react-query";
import {
  isSpotifyOutcome,
  SPOTIFY_OUTCOME_MESSAGES,
  SPOTIFY_OUTCOME_PARAM,
  type SpotifyOutcome,
} from "@waveform/contracts/spotify-links";
import { useEffect } from "react";
import { useSearchParams } from "react-router";
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
 * After the Spotify callback sends a visitor back (`?spotify=connected|denied|expired|failed|not-configured`), says
 * how it went once, refreshes what depends on the connection, and tidies the address.
 */
export function useSpotifyOutcome(): void {
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const outcome = params.get(SPOTIFY_OUTCOME_PARAM);
  useEffect(() => {
    if (!isSpotifyOutcome(outcome)) return;
    const connected = outcome === "connected";
    void notify(connected ? "success" : "error", SPOTIFY_OUTCOME_TITLES[outcome], {
      description: SPOTIFY_OUTCOME_MESSAGES[outcome],
    });
    void queryClient.invalidateQueries({ queryKey: ["spotify"] });
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(SPOTIFY_OUTCOME_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [outcome, setParams, queryClient]);
}
