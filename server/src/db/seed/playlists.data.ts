import type { PlaylistPlatform } from "@waveform/contracts/catalogue";
import { classicalToAcousticPlaylists } from "./playlists-classical-to-acoustic.data";
import { electronicToJazzPlaylists } from "./playlists-electronic-to-jazz.data";

export interface PlaylistSeed {
  slug: string;
  title: string;
  description: string;
  genre: string;
  platform: PlaylistPlatform;
  curator: string;
  trackCount: number;
  publishedOn: string;
  updatedOn: string;
  isNew?: boolean;
  featured?: boolean;
}

/** The curated playlists, in the order the site lists them. Tracks come from the genre's pool. */
export const playlistSeeds: PlaylistSeed[] = [...electronicToJazzPlaylists, ...classicalToAcousticPlaylists];
