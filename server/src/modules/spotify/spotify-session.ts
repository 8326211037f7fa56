import { isSafeReturnTo, SPOTIFY_NOT_CONNECTED } from "@waveform/contracts/spotify-links";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import * as z from "zod/mini";
import type { AccessTokenSource } from "../../integrations/spotify/spotify-api";
import { SpotifyError } from "../../integrations/spotify/spotify-errors";
import type { SpotifyOAuth, SpotifyTokens } from "../../integrations/spotify/spotify-oauth";
import type { SessionData } from "../../plugins/sessions";

/** Tokens are refreshed when they have less than this left, so a call never starts with a dying one. */
const REFRESH_MARGIN_MS = 60_000;
/** How long a started authorization may take; older ones come back as "expired". */
export const PENDING_TTL_MS = 10 * 60_000;
/** Authorizations started in other tabs stay valid, up to this many. */
const MAX_PENDING = 3;
/** The sealed cookie holding a visitor's pending authorizations (not a session row). */
const PENDING_COOKIE = "spotify_pending";

/**
 * The page a sign-in started from, carried in the OAuth state after a dot, so a callback the site
 * no longer remembers (expired, replayed) can still lead back there. Public, and followed only as
 * a same-site path: the worst a forged one can do is open a page of this site with a notice.
 */
export const returnToState = (returnTo: string) => Buffer.from(returnTo).toString("base64url");
export function returnToOfState(state: string | null): string | null {
  const dot = state?.indexOf(".") ?? -1;
  if (!state || dot === -1) return null;
  const path = Buffer.from(state.slice(dot + 1), "base64url").toString("utf8");
  return isSafeReturnTo(path) ? path : null;
}

const PendingSchema = z.object({
  state: z.string(),
  /** The PKCE verifier, sealed. */
  verifier: z.string(),
  returnTo: z.string(),
  createdAt: z.number(),
});
type PendingAuthorization = z.infer<typeof PendingSchema>;

const ConnectionSchema = z.object({
  userId: z.string(),
  displayName: z.string(),
  /** Access and refresh token, sealed together (AES-256-GCM). */
  tokens: z.string(),
  expiresAt: z.number(),
  connectedAt: z.number(),
});
type Connection = z.infer<typeof ConnectionSchema>;

const SealedTokensSchema = z.object({ accessToken: z.string(), refreshToken: z.string() });

/** Where sessions made before decision 0015 kept pending authorizations; dropped on connect. */
const LEGACY_PENDING = "spotifyPending";
const CONNECTION = "spotify";

/** The Spotify part of a visitor's session: pending authorizations and the connection's tokens. */
export function createSpotifySession(app: Pick<FastifyInstance, "sessions">, oauth: SpotifyOAuth | null) {
  const { sessions } = app;
  const { box } = sessions;

  /** The live pending authorizations in this browser's sealed cookie (newest first). */
  const pendingOf = (request: FastifyRequest) => {
    const cookie = sessions.sealed.read(request, PENDING_COOKIE);
    const parsed = z.array(PendingSchema).safeParse(cookie?.value);
    const list = parsed.success ? parsed.data : [];
    return list.filter((entry) => Date.now() - entry.createdAt <= PENDING_TTL_MS);
  };
  const keepPending = (reply: FastifyReply, list: PendingAuthorization[]) => {
    const newest = Math.max(...list.map((entry) => entry.createdAt));
    if (list.length === 0) sessions.sealed.clear(reply, PENDING_COOKIE);
    else sessions.sealed.write(reply, PENDING_COOKIE, list, newest + PENDING_TTL_MS);
  };
  const connectionOf = (data: SessionData | null) => {
    const parsed = ConnectionSchema.safeParse(data?.[CONNECTION]);
    return parsed.success ? parsed.data : null;
  };

  async function writeWithout(request: FastifyRequest, reply: FastifyReply, data: SessionData, key: string) {
    const { [key]: _removed, ...rest } = data;
    if (Object.keys(rest).length === 0) await sessions.destroy(request, reply);
    else await sessions.write(request, reply, rest);
  }

  async function disconnect(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const data = await sessions.read(request);
    if (data && CONNECTION in data) await writeWithout(request, reply, data, CONNECTION);
  }

  function unseal(connection: Connection) {
    try {
      const parsed = SealedTokensSchema.safeParse(JSON.parse(box.open(connection.tokens)));
      return parsed.success ? parsed.data : null;
    } catch {
      return null; // sealed with another SESSION_SECRET, or changed: unusable
    }
  }

  const sealTokens = (tokens: SpotifyTokens) =>
    box.seal(JSON.stringify({ accessToken: tokens.accessToken, refreshToken: tokens.refreshToken }));

  return {
    /**
     * Remembers a started authorization in a sealed cookie that lives 10 minutes (never a session
     * row: a visitor who never comes back from Spotify costs the database nothing).
     */
    addPending(
      request: FastifyRequest,
      reply: FastifyReply,
      pending: Omit<PendingAuthorization, "verifier"> & { codeVerifier: string },
    ) {
      const { codeVerifier, ...rest } = pending;
      const list = [{ ...rest, verifier: box.seal(codeVerifier) }, ...pendingOf(request)].slice(
        0,
        MAX_PENDING,
      );
      // The cookie lives as long as its newest entry; older ones are dropped by age when read.
      sessions.sealed.write(reply, PENDING_COOKIE, list, pending.createdAt + PENDING_TTL_MS);
    },

    /**
     * The pending authorization with this state, removed from the cookie so it works once. Null
     * when there is none (forged, replayed, expired, or from another browser); nothing is stored.
     */
    takePending(request: FastifyRequest, reply: FastifyReply, state: string) {
      const list = pendingOf(request);
      const found = list.find((entry) => entry.state === state);
      if (!found) return null;
      keepPending(
        reply,
        list.filter((entry) => entry !== found),
      );
      let codeVerifier: string | null;
      try {
        codeVerifier = box.open(found.verifier);
      } catch {
        codeVerifier = null; // sealed under a SESSION_SECRET that has since changed
      }
      return { returnTo: found.returnTo, createdAt: found.createdAt, codeVerifier };
    },

    /** Stores the connection under a new session id (a login must not keep a pre-login id). */
    async connect(
      request: FastifyRequest,
      reply: FastifyReply,
      tokens: SpotifyTokens,
      user: { id: string; displayName: string },
    ) {
      const { [LEGACY_PENDING]: _legacy, ...data } = (await sessions.read(request)) ?? {};
      const connection: Connection = {
        userId: user.id,
        displayName: user.displayName,
        tokens: sealTokens(tokens),
        expiresAt: tokens.expiresAt,
        connectedAt: Date.now(),
      };
      await sessions.write(request, reply, { ...data, [CONNECTION]: connection }, { rotate: true });
    },

    disconnect,

    /** The connected account as stored (no network), or null. */
    async connection(request: FastifyRequest) {
      const connection = connectionOf(await sessions.read(request));
      return connection ? { userId: connection.userId, displayName: connection.displayName } : null;
    },

    /**
     * Bearer tokens for this visitor's Web API calls, refreshed shortly before they expire and on
     * demand after a 401. invalid_grant disconnects the visitor and throws "not-connected".
     */
    async tokens(request: FastifyRequest, reply: FastifyReply): Promise<AccessTokenSource | null> {
      const connection = connectionOf(await sessions.read(request));
      const sealed = connection ? unseal(connection) : null;
      if (!connection || !oauth) return null;
      if (!sealed) {
        await disconnect(request, reply);
        return null;
      }
      let current = { ...sealed, expiresAt: connection.expiresAt };
      const refreshWith = oauth;

      // One refresh per connection at a time, across parallel requests and servers: PKCE refresh
      // tokens are single-use (Spotify rotates them), so a second refresh with the same token would
      // fail with invalid_grant and disconnect the visitor. Under the session's lock, a caller that
      // finds tokens other than the ones it started with takes them instead of refreshing again.
      const refresh = async (): Promise<string> => {
        const stale = current.accessToken;
        try {
          const fresh = await sessions.update(request, reply, async (data) => {
            const stored = connectionOf(data);
            const tokens = stored ? unseal(stored) : null;
            // Disconnected meanwhile (here or on another server), or unreadable.
            if (!data || !stored || !tokens) throw new SpotifyError("not-connected", SPOTIFY_NOT_CONNECTED);
            if (tokens.accessToken !== stale && stored.expiresAt - Date.now() >= REFRESH_MARGIN_MS)
              return { result: { ...tokens, expiresAt: stored.expiresAt } };
            const renewed = await refreshWith.refresh(tokens.refreshToken);
            const connection: Connection = {
              ...stored,
              tokens: sealTokens(renewed),
              expiresAt: renewed.expiresAt,
            };
            return { data: { ...data, [CONNECTION]: connection }, result: renewed };
          });
          current = fresh;
          return fresh.accessToken;
        } catch (error) {
          if (error instanceof SpotifyError && error.failure === "not-connected")
            await disconnect(request, reply);
          throw error;
        }
      };

      return {
        current: async () =>
          current.expiresAt - Date.now() < REFRESH_MARGIN_MS ? refresh() : current.accessToken,
        refresh,
      };
    },
  };
}

export type SpotifySession = ReturnType<typeof createSpotifySession>;
