import { listGenreArtists, listGenreSubgenres, listGenres } from "@waveform/contracts/genres";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { fromEndpoint } from "../../lib/endpoint-schema";
import { genreOr404 } from "./genre-or-404";
import { createGenresRepository } from "./genres.repository";

/** The genre list and each genre's subgenres and artists; its playlists are the playlists module's. */
export const genresRoutes: FastifyPluginAsyncZod = async (app) => {
  const genres = createGenresRepository(app.db);
  const cache = app.catalogueCache;

  app.route({
    ...fromEndpoint(listGenres),
    handler: (request, reply) =>
      cache.send(request, reply, "genres", async () =>
        listGenres.responses[200].parse({ genres: await genres.list() }),
      ),
  });

  app.route({
    ...fromEndpoint(listGenreSubgenres),
    handler: async (request, reply) => {
      const genre = await genreOr404(genres, request.params.id);
      return cache.send(request, reply, `genre:${genre.id}:subgenres`, async () =>
        listGenreSubgenres.responses[200].parse({ subgenres: await genres.subgenres(genre.id) }),
      );
    },
  });

  app.route({
    ...fromEndpoint(listGenreArtists),
    handler: async (request, reply) => {
      const genre = await genreOr404(genres, request.params.id);
      return cache.send(request, reply, `genre:${genre.id}:artists`, async () =>
        listGenreArtists.responses[200].parse({ artists: await genres.artists(genre.id) }),
      );
    },
  });
};
