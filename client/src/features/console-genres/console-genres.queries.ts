import { queryOptions } from "@tanstack/react-query";
import type { GenreArtistInput, GenreFields, SubgenreInput } from "@waveform/contracts/console-genres";
import { apiRequest } from "../../lib/api/request";

// Endpoints load with the first request (see lib/api/request.ts).
const contract = () => import("@waveform/contracts/console-genres");

export const consoleGenresQuery = queryOptions({
  queryKey: ["console", "genres"],
  queryFn: async ({ signal }) => (await apiRequest((await contract()).listConsoleGenres, { signal })).genres,
});

export const consoleGenreQuery = (id: number) =>
  queryOptions({
    queryKey: ["console", "genre", id],
    queryFn: async ({ signal }) => apiRequest((await contract()).getConsoleGenre, { params: { id }, signal }),
  });

// Every write answers with the genre as it now is.
export const updateGenre = async (id: number, body: GenreFields) =>
  apiRequest((await contract()).updateConsoleGenre, { params: { id }, body });
export const addSubgenre = async (id: number, body: SubgenreInput) =>
  apiRequest((await contract()).addConsoleGenreSubgenre, { params: { id }, body });
export const updateSubgenre = async (id: number, subgenreId: number, body: SubgenreInput) =>
  apiRequest((await contract()).updateConsoleGenreSubgenre, { params: { id, subgenreId }, body });
export const removeSubgenre = async (id: number, subgenreId: number) =>
  apiRequest((await contract()).removeConsoleGenreSubgenre, { params: { id, subgenreId } });
export const addArtist = async (id: number, body: GenreArtistInput) =>
  apiRequest((await contract()).addConsoleGenreArtist, { params: { id }, body });
export const updateArtist = async (id: number, artistId: number, body: GenreArtistInput) =>
  apiRequest((await contract()).updateConsoleGenreArtist, { params: { id, artistId }, body });
export const removeArtist = async (id: number, artistId: number) =>
  apiRequest((await contract()).removeConsoleGenreArtist, { params: { id, artistId } });
