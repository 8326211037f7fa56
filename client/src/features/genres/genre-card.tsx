import type { GenreReading } from "@waveform/contracts/genres";
import { Link } from "react-router";
import { genreGradient } from "../../components/media/badges";
import { FallbackImage } from "../../components/media/fallback-image";
import { Skeleton } from "../../components/ui/skeleton";
import { cn } from "../../lib/cn";
import { plural } from "../../lib/format";
import { paths } from "../../lib/paths";

/** A genre card: image, name, 'N playlists'; the hover overlay takes the genre's colour. */
export function GenreCard({ genre }: { genre: GenreReading }) {
  return (
    <Link
      to={paths.genre(genre.name)}
      className="group relative block aspect-[3/2] overflow-hidden rounded-xl border shadow-sm"
    >
      <FallbackImage
        src={genre.imageUrl}
        alt=""
        width={600}
        height={400}
        className="size-full object-cover"
      />
      <span
        className={cn(
          "absolute inset-0 bg-gradient-to-br opacity-60 transition-opacity duration-300 group-hover:opacity-95",
          genreGradient(genre.colorUI),
        )}
        aria-hidden="true"
      />
      <span className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/80 to-transparent p-4 text-white">
        <span className="block font-bold text-xl">{genre.name}</span>
        <span className="block text-sm text-white/90">{plural(genre.playlistCount, "playlist")}</span>
      </span>
    </Link>
  );
}

export function GenreCardSkeleton() {
  return <Skeleton className="aspect-[3/2] rounded-xl" data-testid="genre-skeleton" />;
}
