import { queryOptions } from "@tanstack/react-query";
import type { GenreArtistInput, GenreFields, SubgenreInput } from "@waveform/contracts/console-genres";
import { apiRequest } from "../../lib/api/request";

// Endpoints load with the first request (see lib/api/request.ts).
const contract = async () => (await import("@waveform/contracts/console-genres")).consoleGenreEndpoints;

export const consoleGenresQuery = queryOptions({
  queryKey: ["console", "genres"],
  queryFn: async ({ signal }) => (await apiRequest((await contract()).list, { signal })).genres,
});

export const consoleGenreQuery = (id: number) =>
  queryOptions({
    queryKey: ["console", "genre", id],
    queryFn: async ({ signal }) => apiRequest((await contract()).get, { params: { id }, signal }),
  });

// Every write answers with the genre as it now is.
export const updateGenre = async (id: number, body: GenreFields) =>
  apiRequest((await contract()).update, { params: { id }, body });
export const addSubgenre = async (id: number, body: SubgenreInput) =>
  apiRequest((await contract()).addSubgenre, { params: { id }, body });
export const updateSubgenre = async (id: number, subgenreId: number, body: SubgenreInput) =>
  apiRequest((await contract()).updateSubgenre, { params: { id, subgenreId }, body });
export const removeSubgenre = async (id: number, subgenreId: number) =>
  apiRequest((await contract()).removeSubgenre, { params: { id, subgenreId } });
export const addArtist = async (id: number, body: GenreArtistInput) =>
  apiRequest((await contract()).addArtist, { params: { id }, body });
export const updateArtist = async (id: number, artistId: number, body: GenreArtistInput) =>
  apiRequest((await contract()).updateArtist, { params: { id, artistId }, body });
export const removeArtist = async (id: number, artistId: number) =>
  apiRequest((await contract()).removeArtist, { params: { id, artistId } });
