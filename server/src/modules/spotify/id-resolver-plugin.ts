import type { FastifyInstance } from "fastify";
import type { SpotifyConfig } from "../../config";
import { createAppTokenSource } from "../../integrations/spotify/app-token";
import { createSpotifyApi } from "../../integrations/spotify/spotify-api";
import { reindexCatalogue } from "../search/index";
import { createIdResolver, type IdResolverOptions } from "./id-resolver";

/** A Web API client with the app's own token (Client Credentials), for the resolver's searches. */
export function createAppSpotifyApi(spotify: SpotifyConfig & { clientSecret: string }) {
  const tokens = createAppTokenSource({
    clientId: spotify.clientId,
    clientSecret: spotify.clientSecret,
    accountsUrl: spotify.accountsUrl,
  });
  // maxRetryAfterSeconds -1: a 429 is never waited out inside a call; the job pauses instead.
  return createSpotifyApi({ apiUrl: spotify.apiUrl, tokens, maxRetryAfterSeconds: -1 });
}

/**
 * What follows a resolver run that found ids: the search index's catalogue documents are rewritten
 * (their track links were written as Spotify searches), then cached answers, search ones included,
 * are dropped. Resolves once done; a failure is logged, never thrown (it runs in the background).
 */
export async function takeNewSpotifyIds(app: FastifyInstance): Promise<void> {
  try {
    await app.db.transaction((tx) => reindexCatalogue(tx));
    app.catalogueCache.clear();
  } catch (error) {
    app.log.warn({ err: error }, "the search index could not take the new Spotify ids");
  }
}

/**
 * Runs the Spotify id resolver beside the app: from when it is ready (the database is migrated and
 * seeded) until it closes (before the database does). Needs the client secret: the Client
 * Credentials flow is the app's own login.
 */
export function startIdResolver(
  app: FastifyInstance,
  spotify: SpotifyConfig | null,
  options: IdResolverOptions = {},
): void {
  if (!spotify) return;
  if (!spotify.clientSecret) {
    app.log.info("SPOTIFY_CLIENT_SECRET is unset: Spotify track and album ids are not looked up");
    return;
  }
  const api = createAppSpotifyApi({ ...spotify, clientSecret: spotify.clientSecret });
  // Ids found: the search index's track links are rewritten (they were written as searches), then
  // cached answers, search ones included, are dropped.
  const onChange = () => {
    app.db
      .transaction((tx) => reindexCatalogue(tx))
      .then(
        () => app.catalogueCache.clear(),
        (error: unknown) =>
          app.log.warn({ err: error }, "the search index could not take the new Spotify ids"),
      );
  };
  const resolver = createIdResolver({ db: app.db, api, log: app.log, onChange }, options);
  app.addHook("onReady", async () => resolver.start());
  // Stop before the database closes (onClose hooks run in reverse registration order).
  app.addHook("onClose", async () => resolver.stop());
}
