// Playlist addresses on the three platforms the club lists, recognised as a curator pastes them.
// Plain values with no schema, so the console form checks as it is typed without loading zod.
import type { PlaylistPlatform } from "./catalogue";
import { playlistUrl } from "./playlist-links";

interface RecognisedPlaylist {
  platform: PlaylistPlatform;
  platformId: string;
  /** The platform's own address for it, in one canonical form (what the site links to). */
  externalUrl: string;
}

export const UNRECOGNISED_ADDRESS =
  "Paste a playlist address from Spotify (open.spotify.com/playlist/…), Apple Music (music.apple.com/…/playlist/…) or YouTube Music (music.youtube.com/playlist?list=…)";

const SPOTIFY_ID = /^[A-Za-z0-9]{22}$/;
/** Apple's catalogue ids (pl.<32 hex>) and shared library ids (pl.u-<letters and digits>). */
const APPLE_ID = /^pl\.(u-)?[A-Za-z0-9]{8,64}$/;
const YOUTUBE_LIST = /^[A-Za-z0-9_-]{10,64}$/;

function recognised(platform: PlaylistPlatform, platformId: string): RecognisedPlaylist {
  return { platform, platformId, externalUrl: playlistUrl(platform, platformId) ?? "" };
}

function fromUrl(url: URL): RecognisedPlaylist | null {
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  const host = url.hostname.toLowerCase();
  const segments = url.pathname.split("/").filter(Boolean);
  if (host === "open.spotify.com" || host === "play.spotify.com") {
    // open.spotify.com/playlist/<id>, also with a locale first: /intl-de/playlist/<id>
    const at = segments.indexOf("playlist");
    const id = at >= 0 ? segments[at + 1] : undefined;
    return id && SPOTIFY_ID.test(id) ? recognised("Spotify", id) : null;
  }
  if (host === "music.apple.com" || host === "itunes.apple.com") {
    // music.apple.com/<country>/playlist/<name>/<id>; the name may be missing
    if (!segments.includes("playlist")) return null;
    const id = segments.at(-1);
    return id && APPLE_ID.test(id) ? recognised("Apple Music", id) : null;
  }
  if (host === "music.youtube.com" || host === "www.youtube.com" || host === "youtube.com") {
    const list = url.searchParams.get("list");
    return segments[0] === "playlist" && list && YOUTUBE_LIST.test(list)
      ? recognised("YouTube Music", list)
      : null;
  }
  return null;
}

/**
 * The platform and id of a pasted playlist address (also `spotify:playlist:<id>`), or null for
 * anything else: a track or album address, another site, or text that is not an address.
 */
export function recognisePlaylistAddress(text: string): RecognisedPlaylist | null {
  const value = text.trim();
  if (value.length === 0 || value.length > 500) return null;
  const uri = /^spotify:playlist:([A-Za-z0-9]{22})$/.exec(value);
  if (uri?.[1]) return recognised("Spotify", uri[1]);
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:/i.test(value) ? value : `https://${value}`);
  } catch {
    return null;
  }
  return fromUrl(url);
}
