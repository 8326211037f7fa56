import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import type {
  PlaylistCreate,
  PlaylistFields,
  PlaylistTrackInput,
} from "@waveform/contracts/console-playlists";
import { apiRequest, apiSend } from "../../lib/api/request";

// Endpoints load with the first request (see lib/api/request.ts).
const contract = () => import("@waveform/contracts/console-playlists");
const genresContract = () => import("@waveform/contracts/genres");

interface PlaylistListParams {
  q: string;
  page: number;
  limit: number;
}

/** One page of the console's list, searched on the server; the previous page shows while the next loads. */
export const consolePlaylistsQuery = (params: PlaylistListParams) =>
  queryOptions({
    queryKey: ["console", "playlists", params],
    queryFn: async ({ signal }) =>
      apiRequest((await contract()).listConsolePlaylists, {
        query: { ...params, q: params.q.trim() || undefined },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const consolePlaylistQuery = (id: number) =>
  queryOptions({
    queryKey: ["console", "playlist", id],
    queryFn: async ({ signal }) =>
      apiRequest((await contract()).getConsolePlaylist, { params: { id }, signal }),
  });

/** The genres a playlist may belong to (the public list: id and name). */
export const genreChoicesQuery = queryOptions({
  queryKey: ["console", "genre-choices"],
  queryFn: async ({ signal }) =>
    (await apiRequest((await genresContract()).listGenres, { signal })).genres.map(({ id, name }) => ({
      id,
      name,
    })),
});

export const createPlaylist = async (body: PlaylistCreate) =>
  apiRequest((await contract()).createConsolePlaylist, { body });
export const updatePlaylist = async (id: number, body: PlaylistFields) =>
  apiRequest((await contract()).updateConsolePlaylist, { params: { id }, body });
export const publishPlaylist = async (id: number, published: boolean) =>
  apiRequest((await contract()).publishConsolePlaylist, { params: { id }, body: { published } });
export const deletePlaylist = async (id: number) =>
  apiSend((await contract()).removeConsolePlaylist, { params: { id } });
export const addTrack = async (id: number, body: PlaylistTrackInput) =>
  apiRequest((await contract()).addConsolePlaylistTrack, { params: { id }, body });
export const removeTrack = async (id: number, position: number) =>
  apiRequest((await contract()).removeConsolePlaylistTrack, { params: { id, position } });
export const reorderTracks = async (id: number, order: number[]) =>
  apiRequest((await contract()).reorderConsolePlaylistTracks, { params: { id }, body: { order } });
export const importFromSpotify = async (url: string) =>
  apiRequest((await contract()).importConsoleSpotifyPlaylist, { body: { url } });
