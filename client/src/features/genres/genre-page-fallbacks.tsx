import { Link } from "react-router";
import { PageHead } from "../../components/layout/page-head";
import { ErrorNotice } from "../../components/media/notices";
import { Button } from "../../components/ui/button";
import { Skeleton } from "../../components/ui/skeleton";
import { useNotFoundStatus } from "../../lib/page-status";
import { paths } from "../../lib/paths";
import { GENRES_FAILED } from "./explore-genres";

/** What a genre page shows instead of the genre: while loading, after a failed load, for an unknown name. */
export function GenreLoading() {
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6" aria-busy="true">
      <h1 className="sr-only">Loading genre</h1>
      <Skeleton className="h-56 w-full rounded-3xl" />
    </div>
  );
}

export function GenreLoadError() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-16 sm:px-6">
      <h1 className="mb-6 font-bold text-3xl">Genres</h1>
      <ErrorNotice title={GENRES_FAILED} />
    </div>
  );
}

export function GenreNotFound({ name }: { name: string | undefined }) {
  useNotFoundStatus();
  return (
    <div className="mx-auto max-w-xl px-4 py-24 text-center">
      <PageHead title="Genre Not Found" noindex />
      <h1 className="font-bold text-3xl">Genre Not Found</h1>
      <p className="mt-3 text-muted-foreground">We don't have a genre called “{name}”.</p>
      <Button asChild className="mt-8">
        <Link to={paths.home}>Back to Home</Link>
      </Button>
    </div>
  );
}
