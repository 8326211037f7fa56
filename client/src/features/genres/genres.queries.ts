import { queryOptions } from "@tanstack/react-query";
import { apiRequest } from "../../lib/api/request";

// Endpoints load with the first request (see lib/api/request.ts).
const genresContract = () => import("@waveform/contracts/genres");
const playlistsContract = () => import("@waveform/contracts/playlists");

// Genres and playlists are read with the fields screens require (GenreReadingSchema, PlaylistReadingSchema).

export const genresQuery = queryOptions({
  queryKey: ["genres"],
  queryFn: async ({ signal }) => {
    const { listGenres, GenreListReadingSchema } = await genresContract();
    return (await apiRequest(listGenres, { signal, answer: GenreListReadingSchema })).genres;
  },
});

export const genreSubgenresQuery = (genreId: number) =>
  queryOptions({
    queryKey: ["genres", genreId, "subgenres"],
    queryFn: async ({ signal }) =>
      (await apiRequest((await genresContract()).listGenreSubgenres, { params: { id: genreId }, signal }))
        .subgenres,
  });

export const genrePlaylistsQuery = (genreId: number) =>
  queryOptions({
    queryKey: ["genres", genreId, "playlists"],
    queryFn: async ({ signal }) => {
      const [{ listGenrePlaylists }, { PlaylistListReadingSchema }] = await Promise.all([
        genresContract(),
        playlistsContract(),
      ]);
      const answer = PlaylistListReadingSchema;
      return (await apiRequest(listGenrePlaylists, { params: { id: genreId }, signal, answer })).playlists;
    },
  });

export const genreArtistsQuery = (genreId: number) =>
  queryOptions({
    queryKey: ["genres", genreId, "artists"],
    queryFn: async ({ signal }) =>
      (await apiRequest((await genresContract()).listGenreArtists, { params: { id: genreId }, signal }))
        .artists,
  });
