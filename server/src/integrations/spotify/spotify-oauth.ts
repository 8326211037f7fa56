import type * as OAuth from "oauth4webapi";
import type { SpotifyConfig } from "../../config";
import { fromFetchFailure, SPOTIFY_MESSAGES, SpotifyError } from "./spotify-errors";

const SPOTIFY_SCOPES = "playlist-modify-public playlist-modify-private";
export const SPOTIFY_TIMEOUT_MS = 5000;

export interface SpotifyTokens {
  accessToken: string;
  refreshToken: string;
  /** Epoch milliseconds. */
  expiresAt: number;
  scope: string;
}

/** The visitor said no on Spotify's consent page, or Spotify sent back another OAuth error. */
export class AuthorizationRefusedError extends Error {
  override name = "AuthorizationRefusedError";
  constructor(readonly error: string) {
    super(`Spotify answered the authorization with ${error}`);
  }
}

/** oauth4webapi is loaded when a visitor first connects (or a token is refreshed), not at start. */
let library: Promise<typeof OAuth> | undefined;
export const loadOAuth = () =>
  (library ??= import("oauth4webapi").catch((error: unknown) => {
    library = undefined;
    throw error;
  }));

/**
 * Authorization Code with PKCE against Spotify's accounts service (or the fake in tests). Without a
 * client secret we are a public client, as Spotify's PKCE tutorial describes; with one, the token
 * endpoint also gets HTTP Basic client authentication.
 */
export function createSpotifyOAuth(
  config: SpotifyConfig,
  redirectUri: string,
  timeoutMs = SPOTIFY_TIMEOUT_MS,
) {
  const as: OAuth.AuthorizationServer = {
    issuer: config.accountsUrl,
    authorization_endpoint: `${config.accountsUrl}/authorize`,
    token_endpoint: `${config.accountsUrl}/api/token`,
  };
  const client: OAuth.Client = { client_id: config.clientId };
  const withLibrary = async () => {
    const oauth = await loadOAuth();
    const clientAuth = config.clientSecret ? oauth.ClientSecretBasic(config.clientSecret) : oauth.None();
    const http = {
      signal: () => AbortSignal.timeout(timeoutMs),
      // Only a loopback fake is plain http; the real accounts service is https.
      [oauth.allowInsecureRequests]: config.accountsUrl.startsWith("http:"),
    };
    return { oauth, clientAuth, http };
  };

  const toTokens = (answer: OAuth.TokenEndpointResponse, previousRefreshToken?: string): SpotifyTokens => {
    const refreshToken = answer.refresh_token ?? previousRefreshToken;
    if (!refreshToken) throw new SpotifyError("unexpected", SPOTIFY_MESSAGES.unexpected);
    return {
      accessToken: answer.access_token,
      refreshToken,
      expiresAt: Date.now() + (answer.expires_in ?? 3600) * 1000,
      scope: answer.scope ?? "",
    };
  };

  /** Token-endpoint failures: invalid_grant means the grant is gone for good. */
  const tokenFailure = (oauth: typeof OAuth, error: unknown): SpotifyError => {
    if (error instanceof SpotifyError) return error;
    if (error instanceof oauth.ResponseBodyError) {
      if (error.error === "invalid_grant") {
        return new SpotifyError("not-connected", SPOTIFY_MESSAGES.revoked, undefined, { cause: error });
      }
      return new SpotifyError(
        error.status >= 500 ? "unavailable" : "rejected",
        error.status >= 500 ? SPOTIFY_MESSAGES.unavailable : SPOTIFY_MESSAGES.rejected,
        undefined,
        { cause: error },
      );
    }
    if (error instanceof oauth.WWWAuthenticateChallengeError) {
      return new SpotifyError("rejected", SPOTIFY_MESSAGES.rejected, undefined, { cause: error });
    }
    if (error instanceof oauth.OperationProcessingError) {
      const status = (error.cause as Response | undefined)?.status ?? 0;
      return status >= 500
        ? new SpotifyError("unavailable", SPOTIFY_MESSAGES.unavailable, undefined, { cause: error })
        : new SpotifyError("unexpected", SPOTIFY_MESSAGES.unexpected, undefined, { cause: error });
    }
    return fromFetchFailure(error);
  };

  return {
    /**
     * The consent page address, with the state and PKCE verifier the callback must present. The
     * state is random, with `stateSuffix` (public, not secret) after a dot when given.
     */
    async start(stateSuffix?: string): Promise<{ url: string; state: string; codeVerifier: string }> {
      const { oauth } = await withLibrary();
      const codeVerifier = oauth.generateRandomCodeVerifier();
      const random = oauth.generateRandomState();
      const state = stateSuffix ? `${random}.${stateSuffix}` : random;
      const url = new URL(as.authorization_endpoint as string);
      url.search = new URLSearchParams({
        client_id: config.clientId,
        response_type: "code",
        redirect_uri: redirectUri,
        code_challenge_method: "S256",
        code_challenge: await oauth.calculatePKCECodeChallenge(codeVerifier),
        scope: SPOTIFY_SCOPES,
        state,
      }).toString();
      return { url: url.href, state, codeVerifier };
    },

    /**
     * Checks the callback (the caller has already matched `state`) and exchanges its code. Throws
     * AuthorizationRefusedError for `?error=…`, SpotifyError for anything else.
     */
    async exchange(callback: URLSearchParams, state: string, codeVerifier: string): Promise<SpotifyTokens> {
      const { oauth, clientAuth, http } = await withLibrary();
      let params: URLSearchParams;
      try {
        params = oauth.validateAuthResponse(as, client, callback, state);
      } catch (error) {
        if (error instanceof oauth.AuthorizationResponseError)
          throw new AuthorizationRefusedError(error.error);
        throw new SpotifyError("rejected", SPOTIFY_MESSAGES.rejected, undefined, { cause: error });
      }
      try {
        const response = await oauth.authorizationCodeGrantRequest(
          as,
          client,
          clientAuth,
          params,
          redirectUri,
          codeVerifier,
          http,
        );
        return toTokens(await oauth.processAuthorizationCodeResponse(as, client, response));
      } catch (error) {
        throw tokenFailure(oauth, error);
      }
    },

    /** New tokens; Spotify may return a new refresh token (PKCE ones are single-use), kept if so. */
    async refresh(refreshToken: string): Promise<SpotifyTokens> {
      const { oauth, clientAuth, http } = await withLibrary();
      try {
        const response = await oauth.refreshTokenGrantRequest(as, client, clientAuth, refreshToken, http);
        return toTokens(await oauth.processRefreshTokenResponse(as, client, response), refreshToken);
      } catch (error) {
        throw tokenFailure(oauth, error);
      }
    },
  };
}

export type SpotifyOAuth = ReturnType<typeof createSpotifyOAuth>;
