import { useQuery } from "@tanstack/react-query";
import { PageShell } from "../../components/layout/page-shell";
import { EmptyNotice, ErrorNotice } from "../../components/media/notices";
import { skeletonKeys } from "../../components/ui/skeleton";
import { AlbumCard, AlbumCardSkeleton } from "../../features/releases/album-card";
import { newReleasesQuery } from "../../features/releases/releases.queries";

/** /new-releases and /releases: the albums our editors are following, newest first. */
export function Component() {
  const { data, isPending, error } = useQuery(newReleasesQuery);
  return (
    <PageShell title="New Releases" lead="Fresh albums and EPs from the artists we follow, newest first.">
      <div className="mt-8" aria-busy={isPending}>
        {error ? (
          <ErrorNotice title="Error loading new releases" message={error.message || "Unknown error"} />
        ) : data?.length === 0 ? (
          <EmptyNotice>No new releases yet</EmptyNotice>
        ) : (
          <div className="grid grid-cols-2 gap-4 sm:gap-6 md:grid-cols-3 lg:grid-cols-4">
            {isPending
              ? skeletonKeys(8).map((key) => <AlbumCardSkeleton key={key} />)
              : data.map((album) => <AlbumCard key={album.id} album={album} />)}
          </div>
        )}
      </div>
    </PageShell>
  );
}
