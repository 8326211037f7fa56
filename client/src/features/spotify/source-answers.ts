import { GenreReadingSchema, listGenres } from "@waveform/contracts/genres";
import { listPlaylists, PlaylistSchema } from "@waveform/contracts/playlists";
import * as z from "zod/mini";

export { listGenres, listPlaylists };

/** The Playlist Creator reads only what names a source and what it sends; nothing else is required. */
export const SourcePlaylistsAnswer = z.object({
  playlists: z.array(z.pick(PlaylistSchema, { id: true, title: true, genre: true, trackCount: true })),
});
/** A genre is sent by its slug, or by its name when it was read without one (the API takes either). */
export const SourceGenresAnswer = z.object({
  genres: z.array(z.pick(GenreReadingSchema, { slug: true, name: true })),
});
