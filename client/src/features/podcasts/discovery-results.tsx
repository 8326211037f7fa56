import type { DiscoveryPodcast } from "@waveform/contracts/podcasts";
import { EmptyNotice, ErrorNotice } from "../../components/media/notices";
import { SectionHeading } from "../../components/media/section-heading";
import { skeletonKeys } from "../../components/ui/skeleton";
import { EpisodePlayButton } from "./episode-play-button";
import { latestPlayerEpisodeOf } from "./player-episode";
import { PodcastCard, PodcastCardSkeleton } from "./podcast-card";

/** Eight skeleton cards while loading. */
const SKELETONS = 8;
const grid = "grid gap-6 sm:grid-cols-2 lg:grid-cols-4";

/**
 * Podcast Discovery's lists: Featured Podcasts (only given while browsing: no search, all
 * platforms), then 'All Music Podcasts' or 'Search Results'. Each show's latest episode plays in
 * the site's player.
 */
export function DiscoveryResults({
  loading,
  error,
  featured,
  results,
  searching,
}: {
  loading: boolean;
  error: Error | null;
  featured: DiscoveryPodcast[];
  results: DiscoveryPodcast[];
  searching: boolean;
}) {
  return loading ? (
    <div className={`${grid} mt-10`} aria-busy="true">
      {skeletonKeys(SKELETONS).map((key) => (
        <PodcastCardSkeleton key={key} />
      ))}
    </div>
  ) : (
    <>
      {featured.length > 0 && (
        <section aria-labelledby="featured-podcasts-heading" className="mt-10">
          <SectionHeading id="featured-podcasts-heading" title="Featured Podcasts" />
          <div className={grid}>
            {featured.map((podcast) => (
              <DiscoveryCard key={podcast.id} podcast={podcast} />
            ))}
          </div>
        </section>
      )}
      <section aria-labelledby="all-podcasts-heading" className="mt-12">
        <SectionHeading
          id="all-podcasts-heading"
          title={searching ? "Search Results" : "All Music Podcasts"}
        />
        {error ? (
          <ErrorNotice title="Error loading podcasts" message={error.message} />
        ) : results.length === 0 ? (
          <EmptyNotice>
            <p className="font-medium text-foreground">No podcasts found</p>
            <p className="mt-1">Try adjusting your search or filters</p>
          </EmptyNotice>
        ) : (
          <div className={grid}>
            {results.map((podcast) => (
              <DiscoveryCard key={podcast.id} podcast={podcast} />
            ))}
          </div>
        )}
      </section>
    </>
  );
}

function DiscoveryCard({ podcast }: { podcast: DiscoveryPodcast }) {
  const latest = podcast.latestEpisode;
  return (
    <PodcastCard
      podcast={podcast}
      compact
      latestAction={
        latest && (
          <EpisodePlayButton
            episode={latestPlayerEpisodeOf(podcast)}
            title={`${latest.title}, ${podcast.title}`}
          />
        )
      }
    />
  );
}
