import { queryOptions } from "@tanstack/react-query";
import { GenreSchema, listGenres } from "@waveform/contracts/genres";
import { listPlaylists, PlaylistSchema } from "@waveform/contracts/playlists";
import {
  type CreateSpotifyPlaylistInput,
  checkSpotifyAuth,
  createSpotifyPlaylist,
  disconnectSpotify,
  testMusicConnection,
  testSpotifyConnection,
} from "@waveform/contracts/spotify";
import * as z from "zod/mini";
import { apiRequest } from "../../lib/api-client";

/** Who is connected (Spotify Test page, Playlist Creator, Save to Spotify). */
export const spotifyAuthQuery = queryOptions({
  queryKey: ["spotify", "auth"],
  queryFn: ({ signal }) => apiRequest(checkSpotifyAuth, { signal }),
});

/** The music hub's connection check: success = a live Spotify connection. */
export const musicConnectionQuery = queryOptions({
  queryKey: ["spotify", "music-connection"],
  queryFn: ({ signal }) => apiRequest(testMusicConnection, { signal }),
});

export const runSpotifyConnectionTest = () => apiRequest(testSpotifyConnection);

export const disconnectFromSpotify = () => apiRequest(disconnectSpotify);

export const saveSpotifyPlaylist = (body: CreateSpotifyPlaylistInput) =>
  apiRequest(createSpotifyPlaylist, { body });

/** The Playlist Creator reads only what names a source and what it sends; nothing else is required. */
const SourcePlaylistsAnswer = z.object({
  playlists: z.array(z.pick(PlaylistSchema, { id: true, title: true, genre: true, trackCount: true })),
});
const SourceGenresAnswer = z.object({ genres: z.array(z.pick(GenreSchema, { slug: true, name: true })) });

export const sourcePlaylistsQuery = queryOptions({
  queryKey: ["playlists", "sources"],
  queryFn: async ({ signal }) =>
    (await apiRequest(listPlaylists, { signal, answer: SourcePlaylistsAnswer })).playlists,
});

export const sourceGenresQuery = queryOptions({
  queryKey: ["genres", "sources"],
  queryFn: async ({ signal }) =>
    (await apiRequest(listGenres, { signal, answer: SourceGenresAnswer })).genres,
});
