// The Spotify connection's addresses, outcomes and texts: plain values with no schema, so a page can
// use them without loading zod (see spotify.ts for the endpoints).

export const SPOTIFY_AUTHORIZE_PATH = "/api/spotify/authorize";
export const SPOTIFY_CALLBACK_PATH = "/api/spotify/callback";
export const DEFAULT_SPOTIFY_RETURN_TO = "/spotify-test";

export const SPOTIFY_NOT_CONFIGURED = "Spotify is not configured on this server";
export const SPOTIFY_NOT_CONNECTED = "Not connected to Spotify";

/**
 * The only `returnTo` values the server follows: a path on this site. "//host" and "/\host" are
 * excluded because browsers read both as another host; control characters because some browsers
 * strip them and then see "//".
 */
export function isSafeReturnTo(value: unknown): value is string {
  return (
    typeof value === "string" &&
    value.length <= 512 &&
    value.startsWith("/") &&
    !value.startsWith("//") &&
    !value.startsWith("/\\") &&
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we refuse
    !/[\u0000-\u001f\u007f\\]/.test(value)
  );
}

/** `returnTo` if it is a same-site path, else the Spotify Test page. */
export function safeReturnTo(value: unknown): string {
  return isSafeReturnTo(value) ? value : DEFAULT_SPOTIFY_RETURN_TO;
}

/** Where a "Connect with Spotify" button sends the browser; the server comes back to `returnTo`. */
export function spotifyAuthorizeUrl(returnTo: string = DEFAULT_SPOTIFY_RETURN_TO): string {
  return `${SPOTIFY_AUTHORIZE_PATH}?returnTo=${encodeURIComponent(safeReturnTo(returnTo))}`;
}

/** The `spotify=` query value the callback adds to `returnTo` when it sends the visitor back. */
export const SPOTIFY_OUTCOMES = ["connected", "denied", "expired", "failed", "not-configured"] as const;
export type SpotifyOutcome = (typeof SPOTIFY_OUTCOMES)[number];
export const SPOTIFY_OUTCOME_PARAM = "spotify";

export const isSpotifyOutcome = (value: unknown): value is SpotifyOutcome =>
  SPOTIFY_OUTCOMES.includes(value as SpotifyOutcome);

export const SPOTIFY_OUTCOME_MESSAGES: Record<SpotifyOutcome, string> = {
  connected: "Your Spotify account is connected.",
  denied: "You declined the Spotify connection, so nothing was changed.",
  expired: "That Spotify sign-in took too long or was already used. Please connect again.",
  failed: "Spotify could not complete the connection. Please try again.",
  "not-configured": "This site has no Spotify app set up, so accounts can't be connected here yet.",
};
