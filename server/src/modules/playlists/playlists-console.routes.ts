import {
  addConsolePlaylistTrack,
  createConsolePlaylist,
  getConsolePlaylist,
  importConsoleSpotifyPlaylist,
  listConsolePlaylists,
  publishConsolePlaylist,
  recogniseConsolePlaylistAddress,
  removeConsolePlaylist,
  removeConsolePlaylistTrack,
  reorderConsolePlaylistTracks,
  updateConsolePlaylist,
} from "@waveform/contracts/console-playlists";
import { recognisePlaylistAddress, UNRECOGNISED_ADDRESS } from "@waveform/contracts/playlist-addresses";
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { SpotifyConfig } from "../../config";
import { SpotifyError } from "../../integrations/spotify/spotify-errors";
import { fromEndpoint } from "../../lib/endpoint-schema";
import { HttpError } from "../../plugins/errors";
import { actorOf } from "../audit/index";
import * as writes from "./playlists.writes";
import { createConsolePlaylistsRepository } from "./playlists-console.repository";
import { createSpotifyImporter, SPOTIFY_IMPORT_NOT_CONFIGURED } from "./spotify-import";

interface PlaylistsConsoleOptions {
  spotify: SpotifyConfig | null;
}

/** A refused write as the API's error shape: field issues land on the form's fields. */
function sendWriteError(reply: FastifyReply, error: unknown) {
  if (error instanceof writes.PlaylistWriteError) {
    const issues = error.issues.length > 0 ? { issues: error.issues } : {};
    return reply.code(error.statusCode).send({ error: error.message, ...issues });
  }
  if (error instanceof SpotifyError) {
    if (error.retryAfterSeconds !== undefined) reply.header("retry-after", String(error.retryAfterSeconds));
    return reply.code(error.httpStatus).send({ error: error.message });
  }
  throw error;
}

/**
 * The console's playlists (issue 18), for editors and admins: every route needs an operator
 * session, and every write goes through playlists.writes (search index, audit entry and NOTIFY in
 * the write's transaction); afterwards this server drops its cached answers at once.
 */
export const playlistsConsoleRoutes: FastifyPluginAsyncZod<PlaylistsConsoleOptions> = async (
  app,
  options,
) => {
  const repository = createConsolePlaylistsRepository(app.db);
  const importer = createSpotifyImporter(options.spotify);
  const editor = { onRequest: app.requireOperator("editor") };
  app.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", "no-store");
  });

  const current = async (id: number) => {
    const playlist = await repository.byId(id);
    if (!playlist) throw new HttpError(404, "Playlist not found");
    return playlist;
  };
  /** Runs a write, clears this server's cache, and answers with the playlist as it now is. */
  const written = async (reply: FastifyReply, id: number, write: () => Promise<unknown>) => {
    try {
      await write();
    } catch (error) {
      return sendWriteError(reply, error);
    }
    app.catalogueCache.clear();
    return reply.send(await current(id));
  };

  app.route({
    ...fromEndpoint(listConsolePlaylists),
    ...editor,
    handler: async (request) => repository.list(request.query),
  });

  app.route({
    ...fromEndpoint(recogniseConsolePlaylistAddress),
    ...editor,
    handler: async (request, reply) => {
      const recognised = recognisePlaylistAddress(request.query.url);
      if (recognised) return recognised;
      return reply
        .code(400)
        .send({ error: "Unrecognised address", issues: [{ path: "url", message: UNRECOGNISED_ADDRESS }] });
    },
  });

  app.route({
    ...fromEndpoint(importConsoleSpotifyPlaylist),
    ...editor,
    handler: async (request, reply) => {
      if (!importer) return reply.code(503).send({ error: SPOTIFY_IMPORT_NOT_CONFIGURED });
      try {
        return await importer(request.body.url);
      } catch (error) {
        return sendWriteError(reply, error);
      }
    },
  });

  app.route({
    ...fromEndpoint(createConsolePlaylist),
    ...editor,
    handler: async (request, reply) => {
      let id: number;
      try {
        id = await writes.createPlaylist(app.db, actorOf(request), request.body);
      } catch (error) {
        return sendWriteError(reply, error);
      }
      app.catalogueCache.clear();
      return reply.code(201).send(await current(id));
    },
  });

  app.route({
    ...fromEndpoint(getConsolePlaylist),
    ...editor,
    handler: async (request) => current(Number(request.params.id)),
  });

  app.route({
    ...fromEndpoint(updateConsolePlaylist),
    ...editor,
    handler: async (request, reply) => {
      const id = Number(request.params.id);
      return written(reply, id, () => writes.updatePlaylist(app.db, actorOf(request), id, request.body));
    },
  });

  app.route({
    ...fromEndpoint(publishConsolePlaylist),
    ...editor,
    handler: async (request, reply) => {
      const id = Number(request.params.id);
      return written(reply, id, () =>
        writes.setPublished(app.db, actorOf(request), id, request.body.published),
      );
    },
  });

  app.route({
    ...fromEndpoint(removeConsolePlaylist),
    ...editor,
    handler: async (request, reply) => {
      try {
        await writes.deletePlaylist(app.db, actorOf(request), Number(request.params.id));
      } catch (error) {
        return sendWriteError(reply, error);
      }
      app.catalogueCache.clear();
      return reply.code(204).send(null);
    },
  });

  app.route({
    ...fromEndpoint(addConsolePlaylistTrack),
    ...editor,
    handler: async (request, reply) => {
      const id = Number(request.params.id);
      return written(reply, id, () => writes.addTrack(app.db, actorOf(request), id, request.body));
    },
  });

  app.route({
    ...fromEndpoint(removeConsolePlaylistTrack),
    ...editor,
    handler: async (request, reply) => {
      const id = Number(request.params.id);
      const position = Number(request.params.position);
      return written(reply, id, () => writes.removeTrack(app.db, actorOf(request), id, position));
    },
  });

  app.route({
    ...fromEndpoint(reorderConsolePlaylistTracks),
    ...editor,
    handler: async (request, reply) => {
      const id = Number(request.params.id);
      return written(reply, id, () => writes.reorderTracks(app.db, actorOf(request), id, request.body.order));
    },
  });
};
