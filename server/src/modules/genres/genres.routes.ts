import { listGenres } from "@waveform/contracts/genres";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { fromEndpoint } from "../../lib/endpoint-schema";
import { createGenresRepository } from "./genres.repository";

export const genresRoutes: FastifyPluginAsyncZod = async (app) => {
  const repository = createGenresRepository(app.db);
  app.route({
    ...fromEndpoint(listGenres),
    handler: async () => ({ genres: await repository.list() }),
  });
};
