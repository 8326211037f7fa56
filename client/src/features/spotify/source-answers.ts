import { GenreSchema, listGenres } from "@waveform/contracts/genres";
import { listPlaylists, PlaylistSchema } from "@waveform/contracts/playlists";
import * as z from "zod/mini";

export { listGenres, listPlaylists };

/** The Playlist Creator reads only what names a source and what it sends; nothing else is required. */
export const SourcePlaylistsAnswer = z.object({
  playlists: z.array(z.pick(PlaylistSchema, { id: true, title: true, genre: true, trackCount: true })),
});
export const SourceGenresAnswer = z.object({
  genres: z.array(z.pick(GenreSchema, { slug: true, name: true })),
});
