import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import * as z from "zod/mini";
import type { AccessTokenSource } from "../../integrations/spotify/spotify-api";
import { SpotifyError } from "../../integrations/spotify/spotify-errors";
import type { SpotifyOAuth, SpotifyTokens } from "../../integrations/spotify/spotify-oauth";
import type { SessionData } from "../../plugins/sessions";

/** Tokens are refreshed when they have less than this left, so a call never starts with a dying one. */
export const REFRESH_MARGIN_MS = 60_000;
/** How long a started authorization may take; older ones come back as "expired". */
export const PENDING_TTL_MS = 10 * 60_000;
/** Authorizations started in other tabs stay valid, up to this many. */
const MAX_PENDING = 3;

const PendingSchema = z.object({
  state: z.string(),
  /** The PKCE verifier, sealed. */
  verifier: z.string(),
  returnTo: z.string(),
  createdAt: z.number(),
});
export type PendingAuthorization = z.infer<typeof PendingSchema>;

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

const PENDING = "spotifyPending";
const CONNECTION = "spotify";

/** The Spotify part of a visitor's session: pending authorizations and the connection's tokens. */
export function createSpotifySession(app: Pick<FastifyInstance, "sessions">, oauth: SpotifyOAuth | null) {
  const { sessions } = app;
  const { box } = sessions;
  // One refresh per refresh token at a time: PKCE refresh tokens are single-use, so two parallel
  // requests refreshing separately would see the second one fail with invalid_grant.
  const refreshing = new Map<string, Promise<SpotifyTokens>>();

  const pendingOf = (data: SessionData | null) => {
    const parsed = z.array(PendingSchema).safeParse(data?.[PENDING]);
    return parsed.success ? parsed.data : [];
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
    async addPending(
      request: FastifyRequest,
      reply: FastifyReply,
      pending: Omit<PendingAuthorization, "verifier"> & { codeVerifier: string },
    ) {
      const data = (await sessions.read(request)) ?? {};
      const { codeVerifier, ...rest } = pending;
      const list = [{ ...rest, verifier: box.seal(codeVerifier) }, ...pendingOf(data)].slice(0, MAX_PENDING);
      await sessions.write(request, reply, { ...data, [PENDING]: list });
    },

    /**
     * The pending authorization with this state, removed from the session so it works once. Null
     * (and nothing written) when there is none: a forged, replayed or foreign callback.
     */
    async takePending(request: FastifyRequest, reply: FastifyReply, state: string) {
      const data = await sessions.read(request);
      const list = pendingOf(data);
      const found = list.find((entry) => entry.state === state);
      if (!data || !found) return null;
      const remaining = list.filter((entry) => entry !== found);
      if (remaining.length > 0) await sessions.write(request, reply, { ...data, [PENDING]: remaining });
      else await writeWithout(request, reply, data, PENDING);
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
      const data = (await sessions.read(request)) ?? {};
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
      let connection = connectionOf(await sessions.read(request));
      const sealed = connection ? unseal(connection) : null;
      if (!connection || !oauth) return null;
      if (!sealed) {
        await disconnect(request, reply);
        return null;
      }
      let current = { ...sealed, expiresAt: connection.expiresAt };

      const refresh = async (): Promise<string> => {
        const key = current.refreshToken;
        let pending = refreshing.get(key);
        if (!pending) {
          pending = oauth.refresh(key).finally(() => refreshing.delete(key));
          refreshing.set(key, pending);
        }
        try {
          const fresh = await pending;
          const data = (await sessions.read(request)) ?? {};
          connection = {
            ...(connection as Connection),
            tokens: sealTokens(fresh),
            expiresAt: fresh.expiresAt,
          };
          await sessions.write(request, reply, { ...data, [CONNECTION]: connection });
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
