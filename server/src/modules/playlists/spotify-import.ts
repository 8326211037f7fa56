import {
  PLAYLIST_LIMITS,
  type PlaylistTrackInput,
  type SpotifyImport,
} from "@waveform/contracts/console-playlists";
import { recognisePlaylistAddress } from "@waveform/contracts/playlist-addresses";
import type { SpotifyConfig } from "../../config";
import { createAppTokenSource } from "../../integrations/spotify/app-token";
import { createSpotifyApi, type SpotifyPlaylistItems } from "../../integrations/spotify/spotify-api";
import { SpotifyError } from "../../integrations/spotify/spotify-errors";
import { PlaylistWriteError } from "./playlists.writes";

export const SPOTIFY_IMPORT_NOT_CONFIGURED =
  "Importing needs Spotify: set SPOTIFY_CLIENT_ID and SPOTIFY_CLIENT_SECRET on the server, or fill the form by hand.";
export const SPOTIFY_PLAYLIST_NOT_FOUND =
  "Spotify has no public playlist at this address. Check that it is public and the address is complete.";
export const SPOTIFY_TRACKS_WITHHELD =
  "Spotify shared this playlist's title, description and cover but not its tracks (apps may only read the tracks of playlists they own since February 2026). Add the tracks by hand.";

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** Spotify writes descriptions with HTML entities and sometimes links; the form wants plain text. */
function plainText(html: string): string {
  return html
    .replace(/<[^<>]*>/g, "") // [^<>]: an unclosed `<` costs one step, not a rescan of the rest
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&")
    .trim();
}

/** Songs only (episodes and local files are left out), in the form's track shape. */
function tracksOf(page: SpotifyPlaylistItems): PlaylistTrackInput[] {
  const tracks: PlaylistTrackInput[] = [];
  for (const { item } of page.items) {
    const id = item?.uri.match(/^spotify:track:([A-Za-z0-9]{22})$/)?.[1];
    const artist = item?.artists?.map((a) => a.name).join(", ");
    if (!item || !id || !artist || !item.name) continue;
    tracks.push({
      title: clip(item.name, PLAYLIST_LIMITS.trackText),
      artist: clip(artist, PLAYLIST_LIMITS.trackText),
      durationSeconds: Math.min(
        Math.max(1, Math.round((item.duration_ms ?? 0) / 1000)),
        PLAYLIST_LIMITS.trackSeconds,
      ),
      spotifyUri: item.uri,
    });
  }
  return tracks;
}

type SpotifyImporter = (address: string) => Promise<SpotifyImport>;

/**
 * Reads a public Spotify playlist with the app's own token (client credentials, no user): what
 * 'Import from Spotify' fills the console form with. Null when Spotify is not configured with a
 * secret (the client-credentials flow needs it).
 */
export function createSpotifyImporter(spotify: SpotifyConfig | null): SpotifyImporter | null {
  if (!spotify?.clientSecret) return null;
  const tokens = createAppTokenSource({
    clientId: spotify.clientId,
    clientSecret: spotify.clientSecret,
    accountsUrl: spotify.accountsUrl,
  });
  const api = createSpotifyApi({ apiUrl: spotify.apiUrl, tokens });

  return async (address) => {
    const recognised = recognisePlaylistAddress(address);
    if (recognised?.platform !== "Spotify") {
      throw new PlaylistWriteError(400, "Please check the highlighted fields", [
        { path: "url", message: "Paste a Spotify playlist address (open.spotify.com/playlist/…)" },
      ]);
    }
    const playlist = await api.playlist(recognised.platformId);
    if (!playlist) throw new PlaylistWriteError(404, SPOTIFY_PLAYLIST_NOT_FOUND);
    let notice: string | null = null;
    const tracks: PlaylistTrackInput[] = [];
    let page = playlist.items;
    try {
      // The playlist carries its first page of items; the rest come 100 at a time.
      page ??= await api.playlistItems(recognised.platformId, 0);
      let read = 0;
      for (;;) {
        tracks.push(...tracksOf(page));
        read += page.items.length;
        if (!page.next || page.items.length === 0 || tracks.length >= PLAYLIST_LIMITS.tracks) break;
        page = await api.playlistItems(recognised.platformId, read);
      }
    } catch (error) {
      if (!(error instanceof SpotifyError) || error.failure !== "forbidden") throw error;
      notice = SPOTIFY_TRACKS_WITHHELD;
    }
    if (!notice && tracks.length >= PLAYLIST_LIMITS.tracks) {
      notice = `Only the first ${PLAYLIST_LIMITS.tracks} tracks were imported: a playlist here holds at most that many.`;
    }
    return {
      title: clip(playlist.name.trim() || "Untitled playlist", PLAYLIST_LIMITS.title),
      description: clip(plainText(playlist.description ?? ""), PLAYLIST_LIMITS.description),
      imageUrl: playlist.images?.find((image) => image.url.startsWith("https://"))?.url ?? null,
      platformId: recognised.platformId,
      externalUrl: recognised.externalUrl,
      tracks: tracks.slice(0, PLAYLIST_LIMITS.tracks),
      notice,
    };
  };
}
