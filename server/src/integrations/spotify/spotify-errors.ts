/** What went wrong, in terms of what the visitor can do about it. */
type SpotifyFailure =
  | "not-configured"
  | "not-connected"
  | "rate-limited"
  | "timeout"
  | "unreachable"
  | "unavailable"
  | "forbidden"
  | "unauthorized"
  | "rejected"
  | "unexpected";

export const SPOTIFY_MESSAGES = {
  revoked: "Spotify ended this connection (it expired or access was removed). Please connect again.",
  timeout: "Spotify did not answer in time. Please try again.",
  unreachable: "Spotify could not be reached. Please try again in a moment.",
  unavailable: "Spotify is having trouble right now. Please try again later.",
  forbidden:
    "Spotify refused the request. If this site's Spotify app is in Development Mode, your account must be on its user list.",
  unauthorized: "Spotify no longer accepts this connection. Please disconnect and connect again.",
  rejected: "Spotify did not accept the request. Please try again.",
  unexpected: "Spotify sent an answer we could not read. Please try again.",
  rateLimited: (seconds: number) => `Spotify is rate limiting us; try again in ${seconds} s`,
} as const;

/** A Spotify failure whose message is a sentence for the visitor (never a token or a stack). */
export class SpotifyError extends Error {
  override name = "SpotifyError";
  constructor(
    readonly failure: SpotifyFailure,
    message: string,
    readonly retryAfterSeconds?: number,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }

  /** The HTTP status our API answers with when this failure ends a request. */
  get httpStatus(): number {
    switch (this.failure) {
      case "not-configured":
        return 503;
      case "not-connected":
        return 401;
      case "rate-limited":
        return 429;
      case "timeout":
        return 504;
      default:
        return 502;
    }
  }
}

/** Fetch failures: a timeout (AbortSignal.timeout) or a network error (refused, DNS, reset). */
export function fromFetchFailure(error: unknown): SpotifyError {
  const name = (error as Error | undefined)?.name;
  return name === "TimeoutError" || name === "AbortError"
    ? new SpotifyError("timeout", SPOTIFY_MESSAGES.timeout, undefined, { cause: error })
    : new SpotifyError("unreachable", SPOTIFY_MESSAGES.unreachable, undefined, { cause: error });
}

/** A non-2xx Web API answer (other than the 401 and 429 the client handles itself). */
export function fromStatus(status: number): SpotifyError {
  if (status === 401) return new SpotifyError("unauthorized", SPOTIFY_MESSAGES.unauthorized);
  if (status === 403) return new SpotifyError("forbidden", SPOTIFY_MESSAGES.forbidden);
  if (status >= 500) return new SpotifyError("unavailable", SPOTIFY_MESSAGES.unavailable);
  return new SpotifyError("rejected", SPOTIFY_MESSAGES.rejected);
}
