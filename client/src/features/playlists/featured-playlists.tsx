import { type UseQueryResult, useQuery } from "@tanstack/react-query";
import type { PlaylistReading } from "@waveform/contracts/playlists";
import { EmptyNotice, ErrorNotice } from "../../components/media/notices";
import { SectionHeading } from "../../components/media/section-heading";
import { skeletonKeys } from "../../components/ui/skeleton";
import { paths } from "../../lib/paths";
import { PlaylistCard, PlaylistCardSkeleton } from "./playlist-card";
import { featuredPlaylistsQuery, hubFeaturedPlaylistsQuery } from "./playlists.queries";

const FEATURED_COUNT = 4;

function FeaturedSection({
  headingId,
  lead,
  result,
}: {
  headingId: string;
  lead?: string;
  result: UseQueryResult<PlaylistReading[]>;
}) {
  const { data, isPending, error } = result;
  return (
    <section aria-labelledby={headingId} aria-busy={isPending}>
      <SectionHeading
        id={headingId}
        title="Featured Playlists"
        lead={lead}
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

/** Home: four featured playlists, four skeletons while they load, 'View all' to /playlists. */
export function FeaturedPlaylists() {
  return (
    <FeaturedSection
      headingId="featured-playlists-heading"
      lead="Hand-picked by our curators this week."
      result={useQuery(featuredPlaylistsQuery)}
    />
  );
}

/** The music hub's featured playlists (from /api/music/featured-playlists). */
export function HubFeaturedPlaylists() {
  return <FeaturedSection headingId="hub-featured-heading" result={useQuery(hubFeaturedPlaylistsQuery)} />;
}
