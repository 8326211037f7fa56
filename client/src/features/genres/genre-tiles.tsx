import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { genreGradient } from "../../components/media/badges";
import { ErrorNotice } from "../../components/media/notices";
import { SectionHeading } from "../../components/media/section-heading";
import { Skeleton, skeletonKeys } from "../../components/ui/skeleton";
import { cn } from "../../lib/cn";
import { paths } from "../../lib/paths";
import { GENRES_FAILED } from "./explore-genres";
import { genresQuery } from "./genres.queries";

/** 'Browse Genres': every genre as a small tile in its gradient, linked by slug (by name without one). */
export function GenreTiles() {
  const { data, isPending, error } = useQuery(genresQuery);
  if (error) return <ErrorNotice title={GENRES_FAILED} />;
  return (
    <section aria-labelledby="genre-tiles-heading">
      <SectionHeading
        id="genre-tiles-heading"
        title="Browse Genres"
        link={{ to: paths.genres, label: "All genres" }}
      />
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        {isPending
          ? skeletonKeys(10).map((key) => (
              <li key={key}>
                <Skeleton className="h-20 rounded-xl" />
              </li>
            ))
          : data.map((genre) => (
              <li key={genre.id}>
                <Link
                  to={paths.genre(genre.slug ?? genre.name)}
                  className={cn(
                    "flex h-20 items-end rounded-xl bg-gradient-to-br p-3 font-bold text-white",
                    genreGradient(genre.colorUI),
                  )}
                >
                  {genre.name}
                </Link>
              </li>
            ))}
      </ul>
    </section>
  );
}
