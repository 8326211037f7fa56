import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { EmptyNotice, ErrorNotice } from "../../components/media/notices";
import { SectionHeading } from "../../components/media/section-heading";
import { Button } from "../../components/ui/button";
import { skeletonKeys } from "../../components/ui/skeleton";
import { paths } from "../../lib/paths";
import { GenreCard, GenreCardSkeleton } from "./genre-card";
import { genresQuery } from "./genres.queries";

export const GENRES_FAILED = "Failed to load genres. Please try again later.";

/** A grid of genre cards with 8 skeletons while loading (home and the genre grid page). */
export function GenreGrid({ limit }: { limit?: number }) {
  const { data, isPending, error } = useQuery(genresQuery);
  if (error) return <ErrorNotice title={GENRES_FAILED} />;
  if (data?.length === 0) return <EmptyNotice>No genres found</EmptyNotice>;
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-busy={isPending}>
      {isPending
        ? skeletonKeys(8).map((key) => <GenreCardSkeleton key={key} />)
        : data.slice(0, limit).map((genre) => <GenreCard key={genre.id} genre={genre} />)}
    </div>
  );
}

export function ExploreGenres() {
  return (
    <section aria-labelledby="explore-genres-heading">
      <SectionHeading
        id="explore-genres-heading"
        title="Explore by Genre"
        lead="From warehouse techno to back-porch country."
      />
      <GenreGrid limit={8} />
      <div className="mt-6 flex justify-center">
        <Button variant="outline" asChild>
          <Link to={paths.genres}>View All Genres</Link>
        </Button>
      </div>
    </section>
  );
}
