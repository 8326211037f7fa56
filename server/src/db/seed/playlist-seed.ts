import type { PlaylistPlatform } from "@waveform/contracts/catalogue";

/** One curated playlist of the seed (playlists.data.ts gathers them; its two halves fill it). */
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
