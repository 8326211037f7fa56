import { listGenrePlaylists } from "@waveform/contracts/genres";
import {
  getPlaylist,
  listFeaturedPlaylists,
  listHubFeaturedPlaylists,
  listPlaylists,
  listPlaylistsByGenreName,
} from "@waveform/contracts/playlists";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { HttpError } from "../../plugins/errors";
import { createGenresRepository, genreOr404 } from "../genres/index";
import { createPlaylistsRepository } from "./playlists.repository";

/** Playlists: all, featured, one with its tracks, and a genre's (by id or slug, and by name). */
export const playlistsRoutes: FastifyPluginAsyncZod = async (app) => {
  const playlists = createPlaylistsRepository(app.db);
  const genres = createGenresRepository(app.db);
  const reads = app.pageReads;

  reads.route(app, listPlaylists, () => ({
    cacheKey: "playlists",
    load: async () => listPlaylists.responses[200].parse({ playlists: await playlists.list() }),
  }));

  reads.route(app, listFeaturedPlaylists, () => ({
    cacheKey: "playlists:featured",
    load: async () => listFeaturedPlaylists.responses[200].parse(await playlists.featured()),
  }));

  reads.route(app, listHubFeaturedPlaylists, () => ({
    cacheKey: "music:featured-playlists",
    load: async () =>
      listHubFeaturedPlaylists.responses[200].parse({ playlists: await playlists.featured() }),
  }));

  reads.route(app, listPlaylistsByGenreName, async ({ params }) => {
    const genre = await genres.findByName(params.name);
    if (!genre) throw new HttpError(404, `No genre named "${params.name}"`);
    return {
      cacheKey: `playlists:genre:${genre.id}`,
      load: async () => listPlaylistsByGenreName.responses[200].parse(await playlists.byGenre(genre.id)),
    };
  });

  reads.route(app, listGenrePlaylists, async ({ params }) => {
    const genre = await genreOr404(genres, params.id);
    return {
      cacheKey: `genre:${genre.id}:playlists`,
      load: async () =>
        listGenrePlaylists.responses[200].parse({ playlists: await playlists.byGenre(genre.id) }),
    };
  });

  reads.route(app, getPlaylist, ({ params }) => {
    const id = Number(params.id);
    return {
      cacheKey: `playlist:${id}`,
      load: async () => {
        const playlist = await playlists.byId(id);
        if (!playlist) throw new HttpError(404, "Playlist not found");
        return getPlaylist.responses[200].parse(playlist);
      },
    };
  });
};
