import type { GenreReading } from "@waveform/contracts/genres";
import { genreGradient } from "../../components/media/badges";
import { cn } from "../../lib/cn";

/** The genre page's banner in the genre's gradient: its name as the page's h1 and its playlist count. */
export function GenreHero({ genre, playlistCount }: { genre: GenreReading; playlistCount: number }) {
  return (
    <section
      className={cn(
        "relative overflow-hidden rounded-3xl bg-gradient-to-br p-8 text-white sm:p-12",
        genreGradient(genre.colorUI),
      )}
    >
      <p className="font-semibold text-sm text-white/90 uppercase tracking-wider">Genre</p>
      <h1 className="mt-2 font-extrabold text-4xl tracking-tight sm:text-6xl">{genre.name}</h1>
      <p className="mt-3 text-lg text-white/95">{playlistCount} playlists available</p>
    </section>
  );
}
