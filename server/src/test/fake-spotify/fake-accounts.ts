import { createHash } from "node:crypto";
import type { FakeState } from "./fake-state";
import { issueAppToken, issueTokens, randomToken, takeFailure } from "./fake-state";

export interface FakeAnswer {
  status: number;
  headers?: Record<string, string>;
  body?: unknown;
}

/** The token endpoint's OAuth error shape (not the Web API's), as NOTES §2 records it. */
const oauthError = (status: number, error: string, description: string): FakeAnswer => ({
  status,
  body: { error, error_description: description },
});

/**
 * GET /authorize: checks the request like Spotify does, then consents (or refuses) at once and
 * sends the browser back to redirect_uri.
 */
export function authorize(state: FakeState, query: URLSearchParams): FakeAnswer {
  const redirectUri = query.get("redirect_uri");
  if (query.get("client_id") !== state.clientId) {
    return { status: 400, body: "INVALID_CLIENT: Invalid client" };
  }
  if (!redirectUri || !/^https?:\/\//.test(redirectUri) || /\/\/localhost[:/]/.test(redirectUri)) {
    return { status: 400, body: "INVALID_CLIENT: Invalid redirect URI" };
  }
  const back = new URL(redirectUri);
  const stateParam = query.get("state");
  if (stateParam !== null) back.searchParams.set("state", stateParam);
  const challenge = query.get("code_challenge");
  if (query.get("response_type") !== "code" || query.get("code_challenge_method") !== "S256" || !challenge) {
    back.searchParams.set("error", "invalid_request");
  } else if (state.settings.consent === "deny") {
    back.searchParams.set("error", "access_denied");
  } else {
    const code = randomToken("fake-code");
    state.codes.set(code, { challenge, redirectUri, scope: query.get("scope") ?? "", used: false });
    back.searchParams.set("code", code);
  }
  return { status: 302, headers: { location: back.href } };
}

function clientAuthentication(state: FakeState, authorization: string | undefined, form: URLSearchParams) {
  if (authorization?.startsWith("Basic ")) {
    // RFC 6749 §2.3.1: both parts are form-urlencoded before base64 (oauth4webapi does so).
    const decode = (part = "") => decodeURIComponent(part.replaceAll("+", " "));
    const [id, secret] = Buffer.from(authorization.slice(6), "base64").toString().split(":").map(decode);
    const ok = id === state.clientId && state.clientSecret !== null && secret === state.clientSecret;
    return ok ? "basic" : null;
  }
  // A public (PKCE) client names itself in the body and has no secret.
  return form.get("client_id") === state.clientId && state.clientSecret === null ? "none" : null;
}

/**
 * POST /api/token: authorization_code (with PKCE S256 verification), refresh_token and
 * client_credentials (HTTP Basic with the client secret only) grants.
 */
export function token(
  state: FakeState,
  authorization: string | undefined,
  form: URLSearchParams,
): FakeAnswer {
  const failure = takeFailure(state, "token");
  if (failure?.status === 429) {
    return {
      ...oauthError(429, "rate_limited", "Too many requests"),
      headers: { "retry-after": String(failure.retryAfter ?? 1) },
    };
  }
  if (failure) return oauthError(failure.status, "server_error", "Forced failure");
  const grantType = form.get("grant_type") ?? "";
  const auth = clientAuthentication(state, authorization, form);
  if (!auth) return oauthError(400, "invalid_client", "Invalid client");
  state.tokenGrants.push({ grantType, clientAuth: auth });

  if (grantType === "authorization_code") {
    const code = state.codes.get(form.get("code") ?? "");
    if (!code || code.used) return oauthError(400, "invalid_grant", "Invalid authorization code");
    code.used = true;
    if (code.redirectUri !== form.get("redirect_uri"))
      return oauthError(400, "invalid_grant", "Invalid redirect URI");
    const verifier = form.get("code_verifier") ?? "";
    const challenge = createHash("sha256").update(verifier).digest("base64url");
    if (!/^[A-Za-z0-9._~-]{43,128}$/.test(verifier) || challenge !== code.challenge) {
      return oauthError(400, "invalid_grant", "code_verifier was incorrect");
    }
    const issued = issueTokens(state);
    return {
      status: 200,
      body: {
        access_token: issued.accessToken,
        token_type: "Bearer",
        scope: code.scope,
        expires_in: issued.lifetime,
        refresh_token: issued.refreshToken,
      },
    };
  }
  if (grantType === "client_credentials") {
    if (auth !== "basic") return oauthError(400, "invalid_client", "Invalid client secret");
    const issued = issueAppToken(state);
    return {
      status: 200,
      body: { access_token: issued.accessToken, token_type: "Bearer", expires_in: issued.lifetime },
    };
  }
  if (grantType === "refresh_token") {
    const old = form.get("refresh_token") ?? "";
    if (!state.refreshTokens.has(old)) return oauthError(400, "invalid_grant", "Refresh token revoked");
    // PKCE refresh tokens are single-use (NOTES §2): the old one stops working.
    state.refreshTokens.delete(old);
    const issued = issueTokens(state);
    return {
      status: 200,
      body: {
        access_token: issued.accessToken,
        token_type: "Bearer",
        scope: "playlist-modify-public playlist-modify-private",
        expires_in: issued.lifetime,
        refresh_token: issued.refreshToken,
      },
    };
  }
  return oauthError(400, "unsupported_grant_type", `grant_type ${grantType} is not supported`);
}
