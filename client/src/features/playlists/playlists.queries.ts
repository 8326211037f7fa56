import { queryOptions } from "@tanstack/react-query";
import { inHubWords } from "../../lib/api/errors";
import { apiRequest } from "../../lib/api/request";

// Endpoints load with the first request (see lib/api/request.ts).
const playlistsContract = () => import("@waveform/contracts/playlists");

// Each read asks of a playlist only the fields screens require (PlaylistReadingSchema).

export const playlistsQuery = queryOptions({
  queryKey: ["playlists"],
  queryFn: async ({ signal }) => {
    const { listPlaylists, PlaylistListReadingSchema } = await playlistsContract();
    return (await apiRequest(listPlaylists, { signal, answer: PlaylistListReadingSchema })).playlists;
  },
});

export const featuredPlaylistsQuery = queryOptions({
  queryKey: ["playlists", "featured"],
  queryFn: async ({ signal }) => {
    const { listFeaturedPlaylists, PlaylistArrayReadingSchema } = await playlistsContract();
    return apiRequest(listFeaturedPlaylists, { signal, answer: PlaylistArrayReadingSchema });
  },
});

export const playlistsByGenreQuery = (name: string) =>
  queryOptions({
    queryKey: ["playlists", "genre", name.toLowerCase()],
    queryFn: async ({ signal }) => {
      const { listPlaylistsByGenreName, PlaylistArrayReadingSchema } = await playlistsContract();
      return apiRequest(listPlaylistsByGenreName, {
        params: { name },
        signal,
        answer: PlaylistArrayReadingSchema,
      });
    },
  });

export const playlistQuery = (id: string) =>
  queryOptions({
    queryKey: ["playlists", id],
    queryFn: async ({ signal }) => {
      const { getPlaylist, PlaylistDetailReadingSchema } = await playlistsContract();
      return apiRequest(getPlaylist, { params: { id }, signal, answer: PlaylistDetailReadingSchema });
    },
  });

export const hubFeaturedPlaylistsQuery = queryOptions({
  queryKey: ["music", "featured-playlists"],
  queryFn: async ({ signal }) => {
    const { listHubFeaturedPlaylists, PlaylistListReadingSchema } = await playlistsContract();
    return (
      await inHubWords(apiRequest(listHubFeaturedPlaylists, { signal, answer: PlaylistListReadingSchema }))
    ).playlists;
  },
});
