import {
  addConsoleGenreArtist,
  addConsoleGenreSubgenre,
  getConsoleGenre,
  listConsoleGenres,
  removeConsoleGenreArtist,
  removeConsoleGenreSubgenre,
  updateConsoleGenre,
  updateConsoleGenreArtist,
  updateConsoleGenreSubgenre,
} from "@waveform/contracts/console-genres";
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { fromEndpoint } from "../../lib/endpoint-schema";
import { HttpError } from "../../plugins/errors";
import { actorOf } from "../audit/index";
import { CatalogueWriteError } from "../catalogue-writes/index";
import * as writes from "./genres.writes";
import { createConsoleGenresRepository } from "./genres-console.repository";

/**
 * The console's genres (issue 18), for editors and admins: texts, colour, image, order, subgenres
 * and artists. Auth is decided on request (a stranger gets 401 before the body is read); every
 * write goes through genres.writes (search index, audit entry and NOTIFY in the write's
 * transaction), and afterwards this server drops its cached answers. Each write answers with the
 * genre as it now is.
 */
export const genresConsoleRoutes: FastifyPluginAsyncZod = async (app) => {
  const repository = createConsoleGenresRepository(app.db);
  const editor = { onRequest: app.requireOperator("editor") };
  app.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", "no-store");
  });

  const current = async (id: number) => {
    const genre = await repository.byId(id);
    if (!genre) throw new HttpError(404, "Genre not found");
    return genre;
  };
  const written = async (reply: FastifyReply, id: number, write: () => Promise<unknown>) => {
    try {
      await write();
    } catch (error) {
      if (!(error instanceof CatalogueWriteError)) throw error;
      return reply.code(error.statusCode).send(error.toBody());
    }
    app.catalogueCache.clear();
    return reply.send(await current(id));
  };
  const ids = (params: { id: number; subgenreId?: number; artistId?: number }) => ({
    id: params.id,
    subgenreId: Number(params.subgenreId),
    artistId: Number(params.artistId),
  });

  app.route({
    ...fromEndpoint(listConsoleGenres),
    ...editor,
    handler: async () => ({ genres: await repository.list() }),
  });

  app.route({
    ...fromEndpoint(getConsoleGenre),
    ...editor,
    handler: async (request) => current(Number(request.params.id)),
  });

  app.route({
    ...fromEndpoint(updateConsoleGenre),
    ...editor,
    handler: async (request, reply) => {
      const { id } = ids(request.params);
      return written(reply, id, () => writes.updateGenre(app.db, actorOf(request), id, request.body));
    },
  });

  app.route({
    ...fromEndpoint(addConsoleGenreSubgenre),
    ...editor,
    handler: async (request, reply) => {
      const { id } = ids(request.params);
      return written(reply, id, () => writes.addSubgenre(app.db, actorOf(request), id, request.body));
    },
  });

  app.route({
    ...fromEndpoint(updateConsoleGenreSubgenre),
    ...editor,
    handler: async (request, reply) => {
      const { id, subgenreId } = ids(request.params);
      return written(reply, id, () =>
        writes.updateSubgenre(app.db, actorOf(request), id, subgenreId, request.body),
      );
    },
  });

  app.route({
    ...fromEndpoint(removeConsoleGenreSubgenre),
    ...editor,
    handler: async (request, reply) => {
      const { id, subgenreId } = ids(request.params);
      return written(reply, id, () => writes.removeSubgenre(app.db, actorOf(request), id, subgenreId));
    },
  });

  app.route({
    ...fromEndpoint(addConsoleGenreArtist),
    ...editor,
    handler: async (request, reply) => {
      const { id } = ids(request.params);
      return written(reply, id, () => writes.addArtist(app.db, actorOf(request), id, request.body));
    },
  });

  app.route({
    ...fromEndpoint(updateConsoleGenreArtist),
    ...editor,
    handler: async (request, reply) => {
      const { id, artistId } = ids(request.params);
      return written(reply, id, () =>
        writes.updateArtist(app.db, actorOf(request), id, artistId, request.body),
      );
    },
  });

  app.route({
    ...fromEndpoint(removeConsoleGenreArtist),
    ...editor,
    handler: async (request, reply) => {
      const { id, artistId } = ids(request.params);
      return written(reply, id, () => writes.removeArtist(app.db, actorOf(request), id, artistId));
    },
  });
};
