import type { Database } from "../../db/client";
import { SpotifyError } from "../../integrations/spotify/spotify-errors";
import { addressKey } from "../../lib/address-key";
import { hitBatcher } from "../../stores/rate-limit-store";

/**
 * The Spotify searches one visitor's playlists may cause: `searches` (SPOTIFY_SEARCH_BUDGET) per
 * window, counted in rate_limit_hits, so every server on the database shares the count (decision
 * 0014). A 500-track list could otherwise make 1,000 searches with the visitor's token, and Spotify
 * counts its rate limit per app, for every visitor at once. 300: a genre's 100 tracks, none of
 * them known, take at most 200 (two searches each when not found).
 */
export const SPOTIFY_SEARCH_BUDGET = { searches: 300, windowMs: 10 * 60_000 };

/** Thrown before a search once the visitor's budget is spent: that lookup stops, nothing is kept. */
export class SearchBudgetSpent extends Error {
  override name = "SearchBudgetSpent";
  constructor(readonly retryAfterSeconds: number) {
    super("this visitor's Spotify searches are spent for now");
  }
}

/** What a visitor is told when the budget ran out before any track was found. */
export function budgetSpentError(spent: SearchBudgetSpent): SpotifyError {
  const minutes = Math.max(1, Math.ceil(spent.retryAfterSeconds / 60));
  return new SpotifyError(
    "rate-limited",
    `Too many Spotify searches from you in the last ${SPOTIFY_SEARCH_BUDGET.windowMs / 60_000} minutes, so no playlist was created; try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
    spent.retryAfterSeconds,
  );
}

export type SearchBudget = ReturnType<ReturnType<typeof createSearchBudgets>["forVisitor"]>;

/** The budgets of every visitor, `perWindow` searches each; one counter row per visitor. */
export function createSearchBudgets(db: Database, perWindow: number) {
  // Searches asked for at once (a save runs four) share one statement.
  const count = hitBatcher(db);
  return {
    /** One save's hold on the visitor's budget: `take()` before each search. */
    forVisitor(ip: string) {
      const key = `spotify-search|${addressKey(ip)}`;
      let spent: SearchBudgetSpent | null = null;
      return {
        /** Counts one search; throws SearchBudgetSpent (then at once, uncounted) once over the budget. */
        async take(): Promise<void> {
          if (spent) throw spent;
          const { current, ttl } = await count(key, SPOTIFY_SEARCH_BUDGET.windowMs);
          if (current > perWindow) {
            spent ??= new SearchBudgetSpent(Math.max(1, Math.ceil(ttl / 1000)));
            throw spent;
          }
        },
        get spent(): SearchBudgetSpent | null {
          return spent;
        },
      };
    },
  };
}
