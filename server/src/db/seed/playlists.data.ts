import type { PlaylistSeed } from "./playlist-seed";
import { classicalToAcousticPlaylists } from "./playlists-classical-to-acoustic.data";
import { electronicToJazzPlaylists } from "./playlists-electronic-to-jazz.data";

/** The curated playlists, in the order the site lists them. Tracks come from the genre's pool. */
export const playlistSeeds: PlaylistSeed[] = [...electronicToJazzPlaylists, ...classicalToAcousticPlaylists];
