import {
  listGenreArtists,
  listGenrePlaylists,
  listGenreSubgenres,
  listGenres,
} from "@waveform/contracts/genres";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { fromEndpoint } from "../../lib/endpoint-schema";
import { HttpError } from "../../plugins/errors";
import { createPlaylistsRepository } from "../playlists/playlists.repository";
import { createGenresRepository } from "./genres.repository";

export const genresRoutes: FastifyPluginAsyncZod = async (app) => {
  const genres = createGenresRepository(app.db);
  const playlists = createPlaylistsRepository(app.db);
  const cache = app.catalogueCache;

  const genreOr404 = async (idOrSlug: string) => {
    const genre = await genres.findByIdOrSlug(idOrSlug);
    if (!genre) throw new HttpError(404, "Genre not found");
    return genre;
  };

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
      const genre = await genreOr404(request.params.id);
      return cache.send(request, reply, `genre:${genre.id}:subgenres`, async () =>
        listGenreSubgenres.responses[200].parse({ subgenres: await genres.subgenres(genre.id) }),
      );
    },
  });

  app.route({
    ...fromEndpoint(listGenrePlaylists),
    handler: async (request, reply) => {
      const genre = await genreOr404(request.params.id);
      return cache.send(request, reply, `genre:${genre.id}:playlists`, async () =>
        listGenrePlaylists.responses[200].parse({ playlists: await playlists.byGenre(genre.id) }),
      );
    },
  });

  app.route({
    ...fromEndpoint(listGenreArtists),
    handler: async (request, reply) => {
      const genre = await genreOr404(request.params.id);
      return cache.send(request, reply, `genre:${genre.id}:artists`, async () =>
        listGenreArtists.responses[200].parse({ artists: await genres.artists(genre.id) }),
      );
    },
  });
};
