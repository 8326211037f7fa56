import { listGenrePlaylists } from "@waveform/contracts/genres";
import {
  getPlaylist,
  listFeaturedPlaylists,
  listHubFeaturedPlaylists,
  listPlaylists,
  listPlaylistsByGenreName,
} from "@waveform/contracts/playlists";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { fromEndpoint } from "../../lib/endpoint-schema";
import { HttpError } from "../../plugins/errors";
import { createGenresRepository, genreOr404 } from "../genres/index";
import { createPlaylistsRepository } from "./playlists.repository";

/** Playlists: all, featured, one with its tracks, and a genre's (by id or slug, and by name). */
export const playlistsRoutes: FastifyPluginAsyncZod = async (app) => {
  const playlists = createPlaylistsRepository(app.db);
  const genres = createGenresRepository(app.db);
  const cache = app.catalogueCache;

  app.route({
    ...fromEndpoint(listPlaylists),
    handler: (request, reply) =>
      cache.send(request, reply, "playlists", async () =>
        listPlaylists.responses[200].parse({ playlists: await playlists.list() }),
      ),
  });

  app.route({
    ...fromEndpoint(listFeaturedPlaylists),
    handler: (request, reply) =>
      cache.send(request, reply, "playlists:featured", async () =>
        listFeaturedPlaylists.responses[200].parse(await playlists.featured()),
      ),
  });

  app.route({
    ...fromEndpoint(listHubFeaturedPlaylists),
    handler: (request, reply) =>
      cache.send(request, reply, "music:featured-playlists", async () =>
        listHubFeaturedPlaylists.responses[200].parse({ playlists: await playlists.featured() }),
      ),
  });

  app.route({
    ...fromEndpoint(listPlaylistsByGenreName),
    handler: async (request, reply) => {
      const genre = await genres.findByName(request.params.name);
      if (!genre) throw new HttpError(404, `No genre named "${request.params.name}"`);
      return cache.send(request, reply, `playlists:genre:${genre.id}`, async () =>
        listPlaylistsByGenreName.responses[200].parse(await playlists.byGenre(genre.id)),
      );
    },
  });

  app.route({
    ...fromEndpoint(listGenrePlaylists),
    handler: async (request, reply) => {
      const genre = await genreOr404(genres, request.params.id);
      return cache.send(request, reply, `genre:${genre.id}:playlists`, async () =>
        listGenrePlaylists.responses[200].parse({ playlists: await playlists.byGenre(genre.id) }),
      );
    },
  });

  app.route({
    ...fromEndpoint(getPlaylist),
    handler: async (request, reply) => {
      const id = Number(request.params.id);
      return cache.send(request, reply, `playlist:${id}`, async () => {
        const playlist = await playlists.byId(id);
        if (!playlist) throw new HttpError(404, "Playlist not found");
        return getPlaylist.responses[200].parse(playlist);
      });
    },
  });
};
