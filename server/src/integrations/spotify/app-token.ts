import { type AccessTokenSource, retryAfterSeconds } from "./spotify-api";
import { fromFetchFailure, SPOTIFY_MESSAGES, SpotifyError } from "./spotify-errors";
import { loadOAuth, SPOTIFY_TIMEOUT_MS } from "./spotify-oauth";

/** The app's own credentials: the Client Credentials flow needs the secret. */
interface AppCredentials {
  clientId: string;
  clientSecret: string;
  accountsUrl: string;
}

/** Spotify refused the client id or secret: nothing will work until the configuration changes. */
export class AppCredentialsRefusedError extends Error {
  override name = "AppCredentialsRefusedError";
}

/** A 429 from the accounts service, as the resolver's pause understands it. */
function rateLimited(response: Response | undefined): SpotifyError {
  const seconds = retryAfterSeconds(response?.headers.get("retry-after") ?? null);
  return new SpotifyError("rate-limited", SPOTIFY_MESSAGES.rateLimited(seconds), seconds);
}

/** A token this close to its expiry is replaced before use. */
const EXPIRY_MARGIN_MS = 60_000;

/**
 * An app access token from the Client Credentials flow (no user: /search and catalogue reads),
 * kept until shortly before it expires; callers asking at once share one request.
 */
export function createAppTokenSource(
  credentials: AppCredentials,
  timeoutMs = SPOTIFY_TIMEOUT_MS,
  now: () => number = Date.now,
): AccessTokenSource {
  let cached: { token: string; expiresAt: number } | null = null;
  let pending: Promise<string> | null = null;

  async function request(): Promise<string> {
    const oauth = await loadOAuth();
    const as = {
      issuer: credentials.accountsUrl,
      token_endpoint: `${credentials.accountsUrl}/api/token`,
    };
    const client = { client_id: credentials.clientId };
    try {
      const response = await oauth.clientCredentialsGrantRequest(
        as,
        client,
        oauth.ClientSecretBasic(credentials.clientSecret),
        new URLSearchParams(),
        {
          signal: AbortSignal.timeout(timeoutMs),
          // Only a loopback fake is plain http; the real accounts service is https.
          [oauth.allowInsecureRequests]: credentials.accountsUrl.startsWith("http:"),
        },
      );
      const answer = await oauth.processClientCredentialsResponse(as, client, response);
      cached = { token: answer.access_token, expiresAt: now() + (answer.expires_in ?? 3600) * 1000 };
      return answer.access_token;
    } catch (error) {
      if (error instanceof oauth.ResponseBodyError) {
        if (error.status === 429) throw rateLimited(error.response);
        if (error.error === "invalid_client" || error.status === 401) {
          throw new AppCredentialsRefusedError(
            `Spotify refused the client credentials (${error.error}): check SPOTIFY_CLIENT_ID and SPOTIFY_CLIENT_SECRET`,
          );
        }
        const down = error.status >= 500;
        throw new SpotifyError(
          down ? "unavailable" : "rejected",
          down ? SPOTIFY_MESSAGES.unavailable : SPOTIFY_MESSAGES.rejected,
          undefined,
          { cause: error },
        );
      }
      if (error instanceof oauth.OperationProcessingError) {
        // An answer without an OAuth error body (a 5xx, say): an unexpected status, the response its cause.
        const response = error.cause as Response | undefined;
        const status = response?.status ?? 0;
        if (status === 429) throw rateLimited(response);
        const down = status >= 500;
        throw new SpotifyError(
          down ? "unavailable" : "unexpected",
          down ? SPOTIFY_MESSAGES.unavailable : SPOTIFY_MESSAGES.unexpected,
          undefined,
          { cause: error },
        );
      }
      if (error instanceof oauth.WWWAuthenticateChallengeError) {
        throw new SpotifyError("rejected", SPOTIFY_MESSAGES.rejected, undefined, { cause: error });
      }
      throw fromFetchFailure(error);
    }
  }

  const fresh = () => {
    pending ??= request().finally(() => {
      pending = null;
    });
    return pending;
  };

  return {
    async current() {
      if (cached && cached.expiresAt - EXPIRY_MARGIN_MS > now()) return cached.token;
      return fresh();
    },
    /** After a 401: the cached token is no longer accepted. */
    async refresh() {
      cached = null;
      return fresh();
    },
  };
}
