import type { DiscoveryPodcast, PodcastReading } from "@waveform/contracts/podcasts";
import { Star } from "lucide-react";
import type { ReactNode } from "react";
import { PlatformBadge } from "../../components/media/badges";
import { MediaCard, MediaCardSkeleton } from "../../components/media/media-card";
import { Badge } from "../../components/ui/badge";
import { formatDuration, plural } from "../../lib/format";
import { paths } from "../../lib/paths";
import { ShowLink, ShowListenLink } from "./show-listen-link";

export function PodcastRating({ rating }: { rating: number }) {
  return (
    <span className="inline-flex items-center gap-1 font-medium text-sm">
      <Star className="size-4 fill-amber-400 text-amber-500" aria-hidden="true" />
      <span>
        {rating.toFixed(1)}
        <span className="sr-only"> out of 5</span>
      </span>
    </span>
  );
}

/**
 * A podcast in a grid. `compact` is Podcast Discovery's card, which reads only title, host,
 * description, image, latest episode, platform and address. `latestAction` goes before
 * the latest episode's line (a play button).
 */
export function PodcastCard(
  props: { headingLevel?: 2 | 3 | 4; latestAction?: ReactNode } & (
    | { podcast: PodcastReading; compact?: false }
    | { podcast: DiscoveryPodcast; compact: true }
  ),
) {
  const { podcast, headingLevel = 3 } = props;
  // The compact card is given only the discovery fields; the full one reads the rest too.
  const full = props.compact ? null : props.podcast;
  const latest = podcast.latestEpisode;
  return (
    <MediaCard
      className="shadow-sm"
      image={{ src: podcast.imageUrl, width: 400, height: 400 }}
      artworkClassName="aspect-video sm:aspect-square"
      badges={
        <>
          <PlatformBadge platform={podcast.platform} />
          {full?.isNew && <Badge tone="primary">New</Badge>}
          {full?.isTrending && <Badge tone="amber">Trending</Badge>}
        </>
      }
      title={podcast.title}
      // The show's page here, when the answer names it (a slug, the club's own field).
      link={podcast.slug ? { to: paths.show(podcast.slug) } : undefined}
      titleAs={`h${headingLevel}`}
      titleClassName="line-clamp-1 text-lg"
      subtitle={`Hosted by ${podcast.host}`}
    >
      {full && (
        <div className="flex flex-wrap items-center gap-2">
          <PodcastRating rating={full.rating} />
          {full.categories.map((category) => (
            <Badge key={category} tone="outline">
              {category}
            </Badge>
          ))}
        </div>
      )}
      <p className="line-clamp-3 text-muted-foreground text-sm">{podcast.description}</p>
      {full && (
        <p className="text-muted-foreground text-xs">
          {plural(full.episodeCount, "episode")} · {full.publishFrequency}
        </p>
      )}
      {latest && (
        <div className="flex items-center gap-3">
          {props.latestAction}
          <p className="line-clamp-2 text-sm">
            <span className="font-medium">Latest: </span>
            <ShowLink slug={podcast.slug} episodeId={latest.id}>
              {latest.title}
            </ShowLink>
            {latest.duration !== null && (
              <span className="text-muted-foreground"> · {formatDuration(latest.duration)}</span>
            )}
          </p>
        </div>
      )}
      <ShowListenLink
        podcast={podcast}
        verb="Listen"
        variant="outline"
        size="sm"
        className="mt-auto self-start"
      />
    </MediaCard>
  );
}

export function PodcastCardSkeleton() {
  return (
    <MediaCardSkeleton
      data-testid="podcast-skeleton"
      artworkClassName="aspect-video sm:aspect-square"
      bodyClassName="gap-3"
      lines={["h-6 w-3/4", "h-4 w-1/2", "h-12 w-full", "h-9 w-40"]}
    />
  );
}
