import { queryOptions } from "@tanstack/react-query";
import type { CreateSpotifyPlaylistInput } from "@waveform/contracts/spotify";
import { apiRequest } from "../../lib/api/request";

// Endpoints and reading schemas load with the first request (see lib/api/request.ts).
const spotifyContract = () => import("@waveform/contracts/spotify");
const sourceAnswers = () => import("./source-answers");

/**
 * A visitor's own answer (their Spotify session): pages are rendered alike for everyone, so it is
 * read in the browser only, never declared by a route (decision 0021).
 */
const visitorsOwn = { visitorsOwn: true };

/** Who is connected (Spotify Test page, Playlist Creator, Save to Spotify). */
export const spotifyAuthQuery = queryOptions({
  queryKey: ["spotify", "auth"],
  meta: visitorsOwn,
  queryFn: async ({ signal }) => apiRequest((await spotifyContract()).checkSpotifyAuth, { signal }),
});

/** The music hub's connection check: success = a live Spotify connection. */
export const musicConnectionQuery = queryOptions({
  queryKey: ["spotify", "music-connection"],
  meta: visitorsOwn,
  queryFn: async ({ signal }) => apiRequest((await spotifyContract()).testMusicConnection, { signal }),
});

export const runSpotifyConnectionTest = async () =>
  apiRequest((await spotifyContract()).testSpotifyConnection);

export const disconnectFromSpotify = async () => apiRequest((await spotifyContract()).disconnectSpotify);

export const saveSpotifyPlaylist = async (body: CreateSpotifyPlaylistInput) =>
  apiRequest((await spotifyContract()).createSpotifyPlaylist, { body });

export const sourcePlaylistsQuery = queryOptions({
  queryKey: ["playlists", "sources"],
  queryFn: async ({ signal }) => {
    const { listPlaylists, SourcePlaylistsAnswer } = await sourceAnswers();
    return (await apiRequest(listPlaylists, { signal, answer: SourcePlaylistsAnswer })).playlists;
  },
});

export const sourceGenresQuery = queryOptions({
  queryKey: ["genres", "sources"],
  queryFn: async ({ signal }) => {
    const { listGenres, SourceGenresAnswer } = await sourceAnswers();
    return (await apiRequest(listGenres, { signal, answer: SourceGenresAnswer })).genres;
  },
});
