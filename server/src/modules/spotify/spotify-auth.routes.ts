import {
  checkSpotifyAuth,
  DEFAULT_SPOTIFY_RETURN_TO,
  disconnectSpotify,
  isSafeReturnTo,
  SPOTIFY_AUTHORIZE_PATH,
  SPOTIFY_CALLBACK_PATH,
  SPOTIFY_OUTCOME_PARAM,
  type SpotifyOutcome,
  safeReturnTo,
} from "@waveform/contracts/spotify";
import { createSpotifyApi } from "../../integrations/spotify/spotify-api";
import { SPOTIFY_MESSAGES, SpotifyError } from "../../integrations/spotify/spotify-errors";
import { AuthorizationRefusedError } from "../../integrations/spotify/spotify-oauth";
import { fromEndpoint } from "../../lib/endpoint-schema";
import type { SpotifyContext, ZodApp } from "./spotify-context";
import { PENDING_TTL_MS, returnToOfState, returnToState } from "./spotify-session";

/**
 * `returnTo` with `spotify=<outcome>` added. Built by string, not by URL parsing, so a path such as
 * "/.//host" is never normalised into "//host" (which browsers read as another site).
 */
export function withOutcome(returnTo: string, outcome: SpotifyOutcome): string {
  const hashAt = returnTo.indexOf("#");
  const beforeHash = hashAt === -1 ? returnTo : returnTo.slice(0, hashAt);
  const hash = hashAt === -1 ? "" : returnTo.slice(hashAt);
  const queryAt = beforeHash.indexOf("?");
  const path = queryAt === -1 ? beforeHash : beforeHash.slice(0, queryAt);
  const query = new URLSearchParams(queryAt === -1 ? "" : beforeHash.slice(queryAt + 1));
  query.set(SPOTIFY_OUTCOME_PARAM, outcome);
  const location = `${path}?${query}${hash}`;
  return isSafeReturnTo(location) ? location : withOutcome(safeReturnTo(undefined), outcome);
}

/** What the log keeps of a failed connection: names and messages, never tokens or codes. */
function describeFailure(error: unknown) {
  const cause = (error as Error).cause as { name?: string; message?: string; error?: string } | undefined;
  return {
    reason: error instanceof SpotifyError ? error.failure : (error as Error).name,
    detail: (error as Error).message,
    ...(cause ? { cause: `${cause.name}: ${cause.error ?? cause.message}` } : {}),
  };
}

/** Start of the OAuth flow, its callback, the status check and disconnecting. */
export function registerSpotifyAuthRoutes(app: ZodApp, context: SpotifyContext): void {
  const { oauth, session, config } = context;

  // A start costs a redirect and a sealed cookie, no row; the limit still cuts a flood short.
  const authorizeLimit = { rateLimit: { max: 120, timeWindow: "1 minute" } };
  app.get(SPOTIFY_AUTHORIZE_PATH, { config: authorizeLimit }, async (request, reply) => {
    const returnTo = safeReturnTo((request.query as Record<string, unknown>).returnTo);
    // A browser navigation (a Connect button on a page served before Spotify was switched off):
    // back to that page with a toast, never a bare JSON answer.
    if (!oauth) return reply.redirect(withOutcome(returnTo, "not-configured"), 303);
    const { url, state, codeVerifier } = await oauth.start(returnToState(returnTo));
    session.addPending(request, reply, { state, codeVerifier, returnTo, createdAt: Date.now() });
    return reply.redirect(url, 302);
  });

  app.get(SPOTIFY_CALLBACK_PATH, async (request, reply) => {
    const params = new URL(request.url, "http://callback.invalid").searchParams;
    const state = params.get("state");
    const pending = state ? session.takePending(request, reply, state) : null;
    // A callback we did not start, or no longer remember (forged, replayed, older than ten minutes,
    // from another browser), changes nothing: the visitor is only sent back with a notice, to the
    // page its state names (a same-site path) or the Spotify Test page.
    if (!pending) {
      const returnTo = returnToOfState(state) ?? DEFAULT_SPOTIFY_RETURN_TO;
      return reply.redirect(withOutcome(returnTo, "expired"), 303);
    }
    const back = (outcome: SpotifyOutcome) => reply.redirect(withOutcome(pending.returnTo, outcome), 303);
    if (!oauth || !config) return back("not-configured");
    if (Date.now() - pending.createdAt > PENDING_TTL_MS) return back("expired");
    if (!pending.codeVerifier) return back("expired");
    const { codeVerifier } = pending;
    try {
      const tokens = await oauth.exchange(params, state as string, codeVerifier);
      const api = createSpotifyApi({
        apiUrl: config.apiUrl,
        // Tokens this fresh need no refresh; a 401 here means the connection failed.
        tokens: {
          current: async () => tokens.accessToken,
          refresh: async () => {
            throw new SpotifyError("unauthorized", SPOTIFY_MESSAGES.unauthorized);
          },
        },
      });
      const user = await api.me();
      await session.connect(request, reply, tokens, user);
      return back("connected");
    } catch (error) {
      if (error instanceof AuthorizationRefusedError && error.error === "access_denied")
        return back("denied");
      // invalid_grant on the code: it was used already (a replayed callback) or has expired.
      if (error instanceof SpotifyError && error.failure === "not-connected") return back("expired");
      request.log.warn(describeFailure(error), "Spotify connection failed");
      return back("failed");
    }
  });

  app.route({
    ...fromEndpoint(checkSpotifyAuth),
    handler: async (request, reply) => {
      const live = oauth ? await context.liveConnection(request, reply) : null;
      return live ? { authenticated: true, displayName: live.displayName } : { authenticated: false };
    },
  });

  app.route({
    ...fromEndpoint(disconnectSpotify),
    handler: async (request, reply) => {
      await session.disconnect(request, reply);
      return { success: true as const };
    },
  });
}
