import type { Podcast } from "@waveform/contracts/podcasts";
import { Star } from "lucide-react";
import { PlatformBadge } from "../../components/media/badges";
import { ExternalLinkButton } from "../../components/media/external-link-button";
import { FallbackImage } from "../../components/media/fallback-image";
import { Badge } from "../../components/ui/badge";
import { Skeleton } from "../../components/ui/skeleton";
import { formatDuration, plural } from "../../lib/format";

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
 * description, image, latest episode, platform and address (SPEC §3).
 */
export function PodcastCard({
  podcast,
  compact = false,
  headingLevel = 3,
}: {
  podcast: Podcast;
  compact?: boolean;
  headingLevel?: 2 | 3 | 4;
}) {
  const Heading = `h${headingLevel}` as const;
  const latest = podcast.latestEpisode;
  return (
    <article className="flex flex-col overflow-hidden rounded-xl border bg-card shadow-sm">
      <div className="relative aspect-video overflow-hidden sm:aspect-square">
        <FallbackImage
          src={podcast.imageUrl}
          alt=""
          width={400}
          height={400}
          className="size-full object-cover"
        />
        <div className="absolute top-3 left-3 flex flex-wrap gap-1.5">
          <PlatformBadge platform={podcast.platform} />
          {!compact && podcast.isNew && <Badge tone="primary">New</Badge>}
          {!compact && podcast.isTrending && <Badge tone="amber">Trending</Badge>}
        </div>
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <Heading className="line-clamp-1 font-semibold text-lg">{podcast.title}</Heading>
        <p className="text-muted-foreground text-sm">Hosted by {podcast.host}</p>
        {!compact && (
          <div className="flex flex-wrap items-center gap-2">
            <PodcastRating rating={podcast.rating} />
            {podcast.categories.map((category) => (
              <Badge key={category} tone="outline">
                {category}
              </Badge>
            ))}
          </div>
        )}
        <p className="line-clamp-3 text-muted-foreground text-sm">{podcast.description}</p>
        {!compact && (
          <p className="text-muted-foreground text-xs">
            {plural(podcast.episodeCount, "episode")} · {podcast.publishFrequency}
          </p>
        )}
        {latest && (
          <p className="line-clamp-2 text-sm">
            <span className="font-medium">Latest: </span>
            {latest.title}
            {latest.duration !== null && (
              <span className="text-muted-foreground"> · {formatDuration(latest.duration)}</span>
            )}
          </p>
        )}
        <ExternalLinkButton
          href={podcast.externalUrl}
          variant="outline"
          size="sm"
          className="mt-auto self-start"
        >
          Listen on {podcast.platform}
        </ExternalLinkButton>
      </div>
    </article>
  );
}

export function PodcastCardSkeleton() {
  return (
    <div data-testid="podcast-skeleton" className="overflow-hidden rounded-xl border bg-card">
      <Skeleton className="aspect-video rounded-none sm:aspect-square" />
      <div className="space-y-3 p-4">
        <Skeleton className="h-6 w-3/4" />
        <Skeleton className="h-4 w-1/2" />
        <Skeleton className="h-12 w-full" />
        <Skeleton className="h-9 w-40" />
      </div>
    </div>
  );
}
