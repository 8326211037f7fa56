import { queryOptions } from "@tanstack/react-query";
import {
  listGenreArtists,
  listGenrePlaylists,
  listGenreSubgenres,
  listGenres,
} from "@waveform/contracts/genres";
import { apiRequest } from "../../lib/api-client";

export const genresQuery = queryOptions({
  queryKey: ["genres"],
  queryFn: async ({ signal }) => (await apiRequest(listGenres, { signal })).genres,
});

export const genreSubgenresQuery = (genreId: number) =>
  queryOptions({
    queryKey: ["genres", genreId, "subgenres"],
    queryFn: async ({ signal }) =>
      (await apiRequest(listGenreSubgenres, { params: { id: genreId }, signal })).subgenres,
  });

export const genrePlaylistsQuery = (genreId: number) =>
  queryOptions({
    queryKey: ["genres", genreId, "playlists"],
    queryFn: async ({ signal }) =>
      (await apiRequest(listGenrePlaylists, { params: { id: genreId }, signal })).playlists,
  });

export const genreArtistsQuery = (genreId: number) =>
  queryOptions({
    queryKey: ["genres", genreId, "artists"],
    queryFn: async ({ signal }) =>
      (await apiRequest(listGenreArtists, { params: { id: genreId }, signal })).artists,
  });
