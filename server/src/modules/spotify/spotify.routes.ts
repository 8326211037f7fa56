import { SPOTIFY_CALLBACK_PATH } from "@waveform/contracts/spotify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { SpotifyConfig } from "../../config";
import { SpotifyError } from "../../integrations/spotify/spotify-errors";
import { startIdResolver } from "./id-resolver-plugin";
import { SPOTIFY_SEARCH_BUDGET } from "./search-budget";
import { registerSpotifyAuthRoutes } from "./spotify-auth.routes";
import { createSpotifyContext } from "./spotify-context";
import { registerSpotifyPlaylistRoutes, sendSpotifyError } from "./spotify-playlists.routes";

interface SpotifyRoutesOptions {
  /** Null when SPOTIFY_CLIENT_ID is unset: the routes answer "not configured". */
  spotify: SpotifyConfig | null;
  publicUrl: string;
  /** SPOTIFY_RESOLVER: look up missing Spotify ids in the background (needs the client secret too). */
  resolver?: boolean;
  /** Spotify searches one visitor's playlists may cause per 10 minutes (SPOTIFY_SEARCH_BUDGET). */
  searchBudget?: number;
}

/** /api/spotify/* and /api/music/test-connection: a visitor's own Spotify connection (decision 0006). */
export const spotifyRoutes: FastifyPluginAsyncZod<SpotifyRoutesOptions> = async (app, options) => {
  const context = createSpotifyContext(app, options.spotify, options.publicUrl, SPOTIFY_CALLBACK_PATH);
  // Every answer here is about one visitor's connection: never stored by a browser or proxy.
  app.addHook("onSend", async (_request, reply, payload) => {
    reply.header("cache-control", "no-store");
    return payload;
  });
  // Spotify failures carry a sentence for the visitor, also with 5xx statuses (which the app-wide
  // handler hides); anything else goes on to it.
  app.setErrorHandler((error, _request, reply) => {
    if (error instanceof SpotifyError) return sendSpotifyError(reply, error);
    throw error;
  });
  registerSpotifyAuthRoutes(app, context);
  registerSpotifyPlaylistRoutes(app, context, options.searchBudget ?? SPOTIFY_SEARCH_BUDGET.searches);
  if (options.resolver) startIdResolver(app, options.spotify);
};
