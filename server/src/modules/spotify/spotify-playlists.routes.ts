import {
  createSpotifyPlaylist,
  SPOTIFY_NOT_CONFIGURED,
  SPOTIFY_NOT_CONNECTED,
  testMusicConnection,
  testSpotifyConnection,
} from "@waveform/contracts/spotify";
import type { FastifyReply } from "fastify";
import { SpotifyError } from "../../integrations/spotify/spotify-errors";
import { fromEndpoint } from "../../lib/endpoint-schema";
import { HttpError } from "../../plugins/errors";
import { createGenresRepository } from "../genres/index";
import { takeNewSpotifyIds } from "./id-resolver-plugin";
import { createPlaylistSourceRepository, type SourceTrack } from "./playlist-source.repository";
import { savePlaylist } from "./save-playlist";
import { createSearchBudgets } from "./search-budget";
import type { SpotifyContext, ZodApp } from "./spotify-context";
import { createTrackLookups } from "./track-lookups";

/** A Spotify failure as our JSON error, with its sentence (not "Internal server error"). */
export function sendSpotifyError(reply: FastifyReply, error: SpotifyError) {
  if (error.retryAfterSeconds !== undefined) reply.header("retry-after", String(error.retryAfterSeconds));
  return reply.code(error.httpStatus).send({ error: error.message });
}

/**
 * The connection tests and playlist creation. `searchBudget`: the Spotify searches one visitor's
 * playlists may cause per 10 minutes (SPOTIFY_SEARCH_BUDGET).
 */
export function registerSpotifyPlaylistRoutes(
  app: ZodApp,
  context: SpotifyContext,
  searchBudget: number,
): void {
  const sources = createPlaylistSourceRepository(app.db);
  const genres = createGenresRepository(app.db);
  const lookups = createTrackLookups(app.db);
  const budgets = createSearchBudgets(app.db, searchBudget);

  app.route({
    ...fromEndpoint(testSpotifyConnection),
    handler: async (request, reply) => {
      if (!context.config) return { success: false, error: SPOTIFY_NOT_CONFIGURED };
      const api = await context.apiFor(request, reply);
      if (!api) return { success: false, error: SPOTIFY_NOT_CONNECTED };
      try {
        const me = await api.me();
        return { success: true, displayName: me.displayName };
      } catch (error) {
        if (error instanceof SpotifyError) return { success: false, error: error.message };
        throw error;
      }
    },
  });

  app.route({
    ...fromEndpoint(testMusicConnection),
    handler: async (request, reply) => ({
      success: context.config !== null && (await context.liveConnection(request, reply)) !== null,
    }),
  });

  app.route({
    ...fromEndpoint(createSpotifyPlaylist),
    // 500 chosen tracks with long titles can exceed the app-wide 64 KB.
    bodyLimit: 512 * 1024,
    config: { rateLimit: { max: 30, timeWindow: "1 minute" } },
    handler: async (request, reply) => {
      if (!context.config) throw new SpotifyError("not-configured", SPOTIFY_NOT_CONFIGURED);
      const api = await context.apiFor(request, reply);
      if (!api) throw new HttpError(401, SPOTIFY_NOT_CONNECTED);

      const { source, ...playlist } = request.body;
      let tracks: SourceTrack[];
      if (source.kind === "tracks") {
        tracks = source.tracks.map((track) => ({ ...track, spotifyUri: track.spotifyUri ?? null }));
      } else if (source.kind === "playlist") {
        const found = await sources.playlistTracks(source.playlistId);
        if (!found) throw new HttpError(404, "Playlist not found");
        tracks = found.tracks;
      } else {
        const genre = await genres.findByName(source.genre);
        if (!genre) throw new HttpError(404, "Genre not found");
        tracks = await sources.genreTracks(genre.id);
      }
      if (tracks.length === 0) throw new HttpError(422, "This playlist has no tracks to save.");
      // SpotifyError failures are answered by the module's error handler (spotify.routes.ts).
      const created = await savePlaylist(
        api,
        { ...playlist, tracks },
        {
          lookups,
          budget: budgets.forVisitor(request.ip),
          // Curated rows got ids: the search index and cached answers take them, as after the resolver.
          onRowsResolved: () => takeNewSpotifyIds(app),
        },
      );
      app.insights.spotifySave(
        request,
        source.kind === "playlist" ? `playlist:${source.playlistId}` : source.kind,
      );
      return reply.code(201).send(created);
    },
  });
}
