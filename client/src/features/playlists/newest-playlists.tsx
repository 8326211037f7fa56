import { useQuery } from "@tanstack/react-query";
import { ErrorNotice } from "../../components/media/notices";
import { Skeleton, skeletonKeys } from "../../components/ui/skeleton";
import { PlaylistCard } from "./playlist-card";
import { playlistsQuery } from "./playlists.queries";

const SHOWN = 4;

/** The four most recently updated new playlists, in a row of cards. */
export function NewestPlaylists() {
  const { data, isPending, error } = useQuery(playlistsQuery);
  if (error) return <ErrorNotice title="Error loading playlists" message={error.message} />;
  const newest = (data ?? [])
    .filter((playlist) => playlist.isNew)
    .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))
    .slice(0, SHOWN);
  return (
    <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
      {isPending
        ? skeletonKeys(SHOWN).map((key) => <Skeleton key={key} className="aspect-[3/4] rounded-xl" />)
        : newest.map((playlist) => <PlaylistCard key={playlist.id} playlist={playlist} />)}
    </div>
  );
}
