import { queryOptions } from "@tanstack/react-query";
import { apiRequest, inHubWords } from "../../lib/api-client";

// Endpoints load with the first request (see lib/api-client.ts).
const playlistsContract = () => import("@waveform/contracts/playlists");

export const playlistsQuery = queryOptions({
  queryKey: ["playlists"],
  queryFn: async ({ signal }) =>
    (await apiRequest((await playlistsContract()).listPlaylists, { signal })).playlists,
});

export const featuredPlaylistsQuery = queryOptions({
  queryKey: ["playlists", "featured"],
  queryFn: async ({ signal }) => apiRequest((await playlistsContract()).listFeaturedPlaylists, { signal }),
});

export const playlistsByGenreQuery = (name: string) =>
  queryOptions({
    queryKey: ["playlists", "genre", name.toLowerCase()],
    queryFn: async ({ signal }) =>
      apiRequest((await playlistsContract()).listPlaylistsByGenreName, { params: { name }, signal }),
  });

export const playlistQuery = (id: string) =>
  queryOptions({
    queryKey: ["playlists", id],
    queryFn: async ({ signal }) =>
      apiRequest((await playlistsContract()).getPlaylist, { params: { id }, signal }),
  });

export const hubFeaturedPlaylistsQuery = queryOptions({
  queryKey: ["music", "featured-playlists"],
  queryFn: async ({ signal }) =>
    (await inHubWords(apiRequest((await playlistsContract()).listHubFeaturedPlaylists, { signal })))
      .playlists,
});
