import { useQuery } from "@tanstack/react-query";
import { ErrorNotice } from "../../components/media/notices";
import { Skeleton, skeletonKeys } from "../../components/ui/skeleton";
import { AlbumCard } from "./album-card";
import { newReleasesQuery } from "./releases.queries";

const SHOWN = 4;

/** The four newest albums, in a row of cards. */
export function NewestAlbums() {
  const { data, isPending, error } = useQuery(newReleasesQuery);
  if (error) return <ErrorNotice title="Error loading new releases" message={error.message} />;
  return (
    <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
      {isPending
        ? skeletonKeys(SHOWN).map((key) => <Skeleton key={key} className="aspect-[3/4] rounded-xl" />)
        : data.slice(0, SHOWN).map((album) => <AlbumCard key={album.id} album={album} />)}
    </div>
  );
}
