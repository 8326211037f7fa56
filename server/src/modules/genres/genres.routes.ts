import { listGenreArtists, listGenreSubgenres, listGenres } from "@waveform/contracts/genres";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { genreOr404 } from "./genre-or-404";
import { createGenresRepository } from "./genres.repository";

/** The genre list and each genre's subgenres and artists; its playlists are the playlists module's. */
export const genresRoutes: FastifyPluginAsyncZod = async (app) => {
  const genres = createGenresRepository(app.db);
  const reads = app.pageReads;

  reads.route(app, listGenres, () => ({
    cacheKey: "genres",
    load: async () => listGenres.responses[200].parse({ genres: await genres.list() }),
  }));

  reads.route(app, listGenreSubgenres, async ({ params }) => {
    const genre = await genreOr404(genres, params.id);
    return {
      cacheKey: `genre:${genre.id}:subgenres`,
      load: async () =>
        listGenreSubgenres.responses[200].parse({ subgenres: await genres.subgenres(genre.id) }),
    };
  });

  reads.route(app, listGenreArtists, async ({ params }) => {
    const genre = await genreOr404(genres, params.id);
    return {
      cacheKey: `genre:${genre.id}:artists`,
      load: async () => listGenreArtists.responses[200].parse({ artists: await genres.artists(genre.id) }),
    };
  });
};
