import type { UseQueryResult } from "@tanstack/react-query";
import type { PlaylistReading } from "@waveform/contracts/playlists";
import { EmptyNotice, ErrorNotice } from "../../components/media/notices";
import { skeletonKeys } from "../../components/ui/skeleton";
import { PlaylistCard, PlaylistCardSkeleton } from "./playlist-card";

export function PlaylistGrid({
  playlists,
  empty = "No playlists found",
}: {
  playlists: PlaylistReading[];
  empty?: string;
}) {
  if (playlists.length === 0) return <EmptyNotice>{empty}</EmptyNotice>;
  return (
    <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {playlists.map((playlist) => (
        <PlaylistCard key={playlist.id} playlist={playlist} />
      ))}
    </div>
  );
}

/** A loading list of playlists: three skeleton cards, then the error or the grid. */
export function PlaylistGridFromQuery({ result }: { result: UseQueryResult<PlaylistReading[]> }) {
  if (result.isPending) {
    return (
      <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {skeletonKeys(3).map((key) => (
          <PlaylistCardSkeleton key={key} />
        ))}
      </div>
    );
  }
  if (result.error) return <ErrorNotice title="Error loading playlists" message={result.error.message} />;
  return <PlaylistGrid playlists={result.data} />;
}
