import { useQueryClient } from "@tanstack/react-query";
import { SPOTIFY_OUTCOME_PARAM } from "@waveform/contracts/spotify-links";
import { useEffect } from "react";
import { useSearchParams } from "react-router";

/**
 * After the Spotify callback sends a visitor back (`?spotify=connected|denied|expired|failed|not-configured`), says
 * how it went once, refreshes what depends on the connection, and tidies the address. The words
 * and the toast load only then (spotify-outcome-notice.ts), not with every page.
 */
export function useSpotifyOutcome(): void {
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const outcome = params.get(SPOTIFY_OUTCOME_PARAM);
  useEffect(() => {
    if (outcome === null) return;
    const tidy = () =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete(SPOTIFY_OUTCOME_PARAM);
          return next;
        },
        { replace: true },
      );
    void import("./spotify-outcome-notice").then((module) =>
      module.announceSpotifyOutcome(outcome, queryClient, tidy),
    );
  }, [outcome, setParams, queryClient]);
}
