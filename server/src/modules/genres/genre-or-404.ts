import type { Genre } from "@waveform/contracts/genres";
import { HttpError } from "../../plugins/errors";
import type { GenresRepository } from "./genres.repository";

/** The genre an `/api/genres/:id/…` address names (its id or slug), or a 404 answer. */
export async function genreOr404(genres: GenresRepository, idOrSlug: string): Promise<Genre> {
  const genre = await genres.findByIdOrSlug(idOrSlug);
  if (!genre) throw new HttpError(404, "Genre not found");
  return genre;
}
