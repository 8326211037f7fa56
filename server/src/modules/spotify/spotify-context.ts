import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { SpotifyConfig } from "../../config";
import { createSpotifyApi, type SpotifyApi } from "../../integrations/spotify/spotify-api";
import { SpotifyError } from "../../integrations/spotify/spotify-errors";
import { createSpotifyOAuth, type SpotifyOAuth } from "../../integrations/spotify/spotify-oauth";
import { createSpotifySession, type SpotifySession } from "./spotify-session";

/** The app as a route plugin sees it, with the zod type provider (typed bodies and queries). */
export type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

export interface SpotifyContext {
  /** Null when SPOTIFY_CLIENT_ID is unset. */
  config: SpotifyConfig | null;
  oauth: SpotifyOAuth | null;
  session: SpotifySession;
  /** A Web API client acting for this visitor, or null when they are not connected. */
  apiFor(request: FastifyRequest, reply: FastifyReply): Promise<SpotifyApi | null>;
  /**
   * The connected account if the connection still works: tokens near expiry are refreshed, and a
   * refused refresh (invalid_grant) disconnects. A Spotify outage does not count as disconnected.
   */
  liveConnection(request: FastifyRequest, reply: FastifyReply): Promise<{ displayName: string } | null>;
}

export function createSpotifyContext(
  app: ZodApp,
  config: SpotifyConfig | null,
  publicUrl: string,
  callbackPath: string,
): SpotifyContext {
  // Spotify compares redirect_uri with the registered one exactly; it is the site's origin + path.
  const redirectUri = `${new URL(publicUrl).origin}${callbackPath}`;
  const oauth = config ? createSpotifyOAuth(config, redirectUri) : null;
  const session = createSpotifySession(app, oauth);

  return {
    config,
    oauth,
    session,

    async apiFor(request, reply) {
      const tokens = config ? await session.tokens(request, reply) : null;
      return config && tokens ? createSpotifyApi({ apiUrl: config.apiUrl, tokens }) : null;
    },

    async liveConnection(request, reply) {
      const connection = await session.connection(request);
      if (!connection) return null;
      const tokens = await session.tokens(request, reply);
      if (!tokens) return null;
      try {
        await tokens.current();
      } catch (error) {
        if (error instanceof SpotifyError && error.failure === "not-connected") return null;
        request.log.warn({ reason: (error as Error).message }, "could not refresh the Spotify token");
      }
      return { displayName: connection.displayName };
    },
  };
}
