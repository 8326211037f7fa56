import { queryOptions } from "@tanstack/react-query";
import { apiRequest } from "../../lib/api-client";

// Endpoints load with the first request (see lib/api-client.ts).
const genresContract = () => import("@waveform/contracts/genres");

export const genresQuery = queryOptions({
  queryKey: ["genres"],
  queryFn: async ({ signal }) => (await apiRequest((await genresContract()).listGenres, { signal })).genres,
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
    queryFn: async ({ signal }) =>
      (await apiRequest((await genresContract()).listGenrePlaylists, { params: { id: genreId }, signal }))
        .playlists,
  });

export const genreArtistsQuery = (genreId: number) =>
  queryOptions({
    queryKey: ["genres", genreId, "artists"],
    queryFn: async ({ signal }) =>
      (await apiRequest((await genresContract()).listGenreArtists, { params: { id: genreId }, signal }))
        .artists,
  });
