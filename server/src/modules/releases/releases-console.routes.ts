import {
  createConsoleRelease,
  getConsoleRelease,
  listConsoleReleases,
  removeConsoleRelease,
  updateConsoleRelease,
} from "@waveform/contracts/console-releases";
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { fromEndpoint } from "../../lib/endpoint-schema";
import { HttpError } from "../../plugins/errors";
import { actorOf } from "../audit/index";
import { CatalogueWriteError } from "../catalogue-writes/index";
import * as writes from "./releases.writes";
import { createConsoleReleasesRepository } from "./releases-console.repository";

/**
 * The console's releases (issue 18), for editors and admins. Auth is decided on request (a stranger
 * gets 401 before the body is read); every write goes through releases.writes (search index, audit
 * entry and NOTIFY in the write's transaction), and afterwards this server drops its cached answers.
 */
export const releasesConsoleRoutes: FastifyPluginAsyncZod = async (app) => {
  const repository = createConsoleReleasesRepository(app.db);
  const editor = { onRequest: app.requireOperator("editor") };
  app.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", "no-store");
  });

  const current = async (id: number) => {
    const release = await repository.byId(id);
    if (!release) throw new HttpError(404, "Release not found");
    return release;
  };
  /** Runs a write and clears this server's cache; a refused write is answered with its reason. */
  const write = async <T>(reply: FastifyReply, work: () => Promise<T>): Promise<{ done: T } | null> => {
    try {
      const done = await work();
      app.catalogueCache.clear();
      return { done };
    } catch (error) {
      if (!(error instanceof CatalogueWriteError)) throw error;
      await reply.code(error.statusCode).send(error.toBody());
      return null;
    }
  };

  app.route({
    ...fromEndpoint(listConsoleReleases),
    ...editor,
    handler: async (request) => repository.list(request.query),
  });

  app.route({
    ...fromEndpoint(createConsoleRelease),
    ...editor,
    handler: async (request, reply) => {
      const result = await write(reply, () => writes.createRelease(app.db, actorOf(request), request.body));
      if (result) return reply.code(201).send(await current(result.done));
      return reply;
    },
  });

  app.route({
    ...fromEndpoint(getConsoleRelease),
    ...editor,
    handler: async (request) => current(Number(request.params.id)),
  });

  app.route({
    ...fromEndpoint(updateConsoleRelease),
    ...editor,
    handler: async (request, reply) => {
      const id = Number(request.params.id);
      const result = await write(reply, () =>
        writes.updateRelease(app.db, actorOf(request), id, request.body),
      );
      return result ? reply.send(await current(id)) : reply;
    },
  });

  app.route({
    ...fromEndpoint(removeConsoleRelease),
    ...editor,
    handler: async (request, reply) => {
      const id = Number(request.params.id);
      const result = await write(reply, () => writes.deleteRelease(app.db, actorOf(request), id));
      return result ? reply.code(204).send(null) : reply;
    },
  });
};
