import { useQuery } from "@tanstack/react-query";
import { paths } from "../../app/paths";
import { EmptyNotice, ErrorNotice, SectionHeading } from "../../components/media/section-heading";
import { skeletonKeys } from "../../components/ui/skeleton";
import { PlaylistCard, PlaylistCardSkeleton } from "./playlist-card";
import { featuredPlaylistsQuery } from "./playlists.queries";

const FEATURED_COUNT = 4;

/** Home: four featured playlists, four skeletons while they load, 'View all' to /playlists. */
export function FeaturedPlaylists() {
  const { data, isPending, error } = useQuery(featuredPlaylistsQuery);
  return (
    <section aria-labelledby="featured-playlists-heading" aria-busy={isPending}>
      <SectionHeading
        id="featured-playlists-heading"
        title="Featured Playlists"
        lead="Hand-picked by our curators this week."
        link={{ to: paths.playlists, label: "View all" }}
      />
      {error ? (
        <ErrorNotice title="Error loading playlists" message={error.message || "Unknown error"} />
      ) : data?.length === 0 ? (
        <EmptyNotice>No playlists found</EmptyNotice>
      ) : (
        <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {isPending
            ? skeletonKeys(FEATURED_COUNT).map((key) => <PlaylistCardSkeleton key={key} />)
            : data
                .slice(0, FEATURED_COUNT)
                .map((playlist) => <PlaylistCard key={playlist.id} playlist={playlist} />)}
        </div>
      )}
    </section>
  );
}
