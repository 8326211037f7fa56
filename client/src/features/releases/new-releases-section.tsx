import { useQuery } from "@tanstack/react-query";
import { EmptyNotice, ErrorNotice } from "../../components/media/notices";
import { SectionHeading } from "../../components/media/section-heading";
import { skeletonKeys } from "../../components/ui/skeleton";
import { paths } from "../../lib/paths";
import { AlbumCard, AlbumCardSkeleton } from "./album-card";
import { newReleasesQuery } from "./releases.queries";

export function NewReleasesSection({ limit = 4 }: { limit?: number }) {
  const { data, isPending, error } = useQuery(newReleasesQuery);
  return (
    <section aria-labelledby="new-releases-heading" aria-busy={isPending}>
      <SectionHeading
        id="new-releases-heading"
        title="New Releases"
        link={{ to: paths.newReleases, label: "View all" }}
      />
      {error ? (
        <ErrorNotice title="Error loading new releases" message={error.message || "Unknown error"} />
      ) : data?.length === 0 ? (
        <EmptyNotice>No new releases yet</EmptyNotice>
      ) : (
        <div className="grid grid-cols-2 gap-4 sm:gap-6 lg:grid-cols-4">
          {isPending
            ? skeletonKeys(limit).map((key) => <AlbumCardSkeleton key={key} />)
            : data.slice(0, limit).map((album) => <AlbumCard key={album.id} album={album} />)}
        </div>
      )}
    </section>
  );
}
