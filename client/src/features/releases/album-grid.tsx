import type { UseQueryResult } from "@tanstack/react-query";
import type { AlbumReading } from "@waveform/contracts/releases";
import { EmptyNotice, ErrorNotice } from "../../components/media/notices";
import { skeletonKeys } from "../../components/ui/skeleton";
import { cn } from "../../lib/cn";
import { AlbumCard, AlbumCardSkeleton } from "./album-card";

/** New releases as album cards: skeletons while loading, then the error, 'No new releases yet' or the albums. */
export function AlbumGrid({
  result,
  limit,
  skeletons,
  className,
}: {
  result: UseQueryResult<AlbumReading[]>;
  limit?: number;
  skeletons: number;
  className?: string;
}) {
  const { data, isPending, error } = result;
  if (error)
    return <ErrorNotice title="Error loading new releases" message={error.message || "Unknown error"} />;
  if (data?.length === 0) return <EmptyNotice>No new releases yet</EmptyNotice>;
  return (
    <div className={cn("grid grid-cols-2 gap-4 sm:gap-6 lg:grid-cols-4", className)}>
      {isPending
        ? skeletonKeys(skeletons).map((key) => <AlbumCardSkeleton key={key} />)
        : data.slice(0, limit).map((album) => <AlbumCard key={album.id} album={album} />)}
    </div>
  );
}
