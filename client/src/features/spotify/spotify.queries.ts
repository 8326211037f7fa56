import { queryOptions } from "@tanstack/react-query";
import {
  type CreateSpotifyPlaylistInput,
  checkSpotifyAuth,
  createSpotifyPlaylist,
  disconnectSpotify,
  testMusicConnection,
  testSpotifyConnection,
} from "@waveform/contracts/spotify";
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
