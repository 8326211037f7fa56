import type { GenreReading } from "@waveform/contracts/genres";
import { Link } from "react-router";
import { Card } from "../../components/ui/card";
import { Skeleton, skeletonKeys } from "../../components/ui/skeleton";
import { paths } from "../../lib/paths";
import { displayPopularity } from "./genre-display";
import { PopularityBar } from "./popularity-bar";

/** 'Trending Genres This Week': the first five genres, ranked #1–#5 with popularity bars. */
export function TrendingGenres({ genres }: { genres: GenreReading[] | undefined }) {
  return (
    <Card asChild className="rounded-2xl p-6">
      <section aria-labelledby="trending-heading">
        <h2 id="trending-heading" className="font-bold text-xl">
          Trending Genres This Week
        </h2>
        <ol className="mt-4 space-y-4">
          {!genres &&
            skeletonKeys(5).map((key) => (
              <li key={key}>
                <Skeleton className="h-12 w-full" />
              </li>
            ))}
          {genres?.slice(0, 5).map((genre, index) => (
            <li key={genre.id} className="grid grid-cols-[2.5rem_1fr] items-center gap-x-3 gap-y-1">
              <span className="row-span-2 font-bold text-2xl text-primary">#{index + 1}</span>
              <Link to={paths.genre(genre.name)} className="font-medium hover:underline">
                {genre.name}
              </Link>
              <PopularityBar value={displayPopularity(genre)} label={`${genre.name} popularity`} />
            </li>
          ))}
        </ol>
      </section>
    </Card>
  );
}
