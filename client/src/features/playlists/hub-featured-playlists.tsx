import { useQuery } from "@tanstack/react-query";
import { paths } from "../../app/paths";
import { EmptyNotice, ErrorNotice, SectionHeading } from "../../components/media/section-heading";
import { skeletonKeys } from "../../components/ui/skeleton";
import { PlaylistCard, PlaylistCardSkeleton } from "./playlist-card";
import { hubFeaturedPlaylistsQuery } from "./playlists.queries";

/** The music hub's featured playlists (from /api/music/featured-playlists); cards open /playlist/:id. */
export function HubFeaturedPlaylists() {
  const { data, isPending, error } = useQuery(hubFeaturedPlaylistsQuery);
  return (
    <section aria-labelledby="hub-featured-heading" aria-busy={isPending}>
      <SectionHeading
        id="hub-featured-heading"
        title="Featured Playlists"
        link={{ to: paths.playlists, label: "View all" }}
      />
      {error ? (
        <ErrorNotice title="Error loading playlists" message={error.message || "Unknown error"} />
      ) : data?.length === 0 ? (
        <EmptyNotice>No playlists found</EmptyNotice>
      ) : (
        <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {isPending
            ? skeletonKeys(4).map((key) => <PlaylistCardSkeleton key={key} />)
            : data.slice(0, 4).map((playlist) => <PlaylistCard key={playlist.id} playlist={playlist} />)}
        </div>
      )}
    </section>
  );
}
