import { queryOptions } from "@tanstack/react-query";
import {
  getPlaylist,
  listFeaturedPlaylists,
  listHubFeaturedPlaylists,
  listPlaylists,
  listPlaylistsByGenreName,
} from "@waveform/contracts/playlists";
import { apiRequest, inHubWords } from "../../lib/api-client";

export const playlistsQuery = queryOptions({
  queryKey: ["playlists"],
  queryFn: async ({ signal }) => (await apiRequest(listPlaylists, { signal })).playlists,
});

export const featuredPlaylistsQuery = queryOptions({
  queryKey: ["playlists", "featured"],
  queryFn: ({ signal }) => apiRequest(listFeaturedPlaylists, { signal }),
});

export const playlistsByGenreQuery = (name: string) =>
  queryOptions({
    queryKey: ["playlists", "genre", name.toLowerCase()],
    queryFn: ({ signal }) => apiRequest(listPlaylistsByGenreName, { params: { name }, signal }),
  });

export const playlistQuery = (id: string) =>
  queryOptions({
    queryKey: ["playlists", id],
    queryFn: ({ signal }) => apiRequest(getPlaylist, { params: { id }, signal }),
  });

export const hubFeaturedPlaylistsQuery = queryOptions({
  queryKey: ["music", "featured-playlists"],
  queryFn: async ({ signal }) =>
    (await inHubWords(apiRequest(listHubFeaturedPlaylists, { signal }))).playlists,
});
