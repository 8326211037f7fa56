import { useQuery } from "@tanstack/react-query";
import { PlatformBadge } from "../../components/media/badges";
import { FallbackImage } from "../../components/media/fallback-image";
import { EmptyNotice, ErrorNotice } from "../../components/media/notices";
import { Badge } from "../../components/ui/badge";
import { Card, CardContent } from "../../components/ui/card";
import { Skeleton } from "../../components/ui/skeleton";
import { formatDate, formatDuration, plural } from "../../lib/format";
import { PodcastRating } from "./podcast-card";
import { featuredRealPodcastsQuery } from "./podcasts.queries";
import { ShowLink, ShowListenLink } from "./show-listen-link";

/** 'Music Podcasts' opens with the featured podcast and its newest episode. */
export function FeaturedPodcast() {
  const { data, isPending, error } = useQuery(featuredRealPodcastsQuery);
  const podcast = data?.[0];
  return (
    <section aria-labelledby="featured-podcast-heading" className="mt-8">
      <h2 id="featured-podcast-heading" className="sr-only">
        Featured Podcast
      </h2>
      {error ? (
        <ErrorNotice title="Error loading the featured podcast" message={error.message} />
      ) : isPending ? (
        <FeaturedPodcastSkeleton />
      ) : !podcast ? (
        <EmptyNotice>No featured podcast available</EmptyNotice>
      ) : (
        <Card className="grid overflow-hidden rounded-2xl md:grid-cols-[18rem_1fr]">
          <FallbackImage
            src={podcast.imageUrl}
            alt={`Artwork of ${podcast.title}`}
            width={400}
            height={400}
            loading="eager"
            fetchPriority="high"
            className="aspect-video w-full object-cover md:aspect-square md:h-full"
          />
          <CardContent className="flex flex-col gap-3 p-6">
            <div className="flex h-6 flex-wrap items-center gap-2 overflow-hidden">
              <Badge tone="primary">Featured Podcast</Badge>
              <PlatformBadge platform={podcast.platform} />
              <PodcastRating rating={podcast.rating} />
            </div>
            <p className="line-clamp-2 h-18 font-bold text-2xl leading-9 tracking-tight sm:text-3xl md:line-clamp-1 md:h-9">
              <ShowLink slug={podcast.slug}>{podcast.title}</ShowLink>
            </p>
            <p className="line-clamp-2 h-12 text-muted-foreground leading-6 md:line-clamp-1 md:h-6">
              Hosted by {podcast.host} · {plural(podcast.episodeCount, "episode")} ·{" "}
              {podcast.publishFrequency}
            </p>
            <p className="line-clamp-3 h-18 leading-6">{podcast.description}</p>
            {podcast.latestEpisode && (
              <p className="line-clamp-2 h-10 text-sm leading-5">
                <span className="font-medium">Newest episode: </span>
                <ShowLink slug={podcast.slug} episodeId={podcast.latestEpisode.id}>
                  {podcast.latestEpisode.title}
                </ShowLink>
                <span className="text-muted-foreground">
                  {" "}
                  · {formatDate(podcast.latestEpisode.publishDate)}
                  {podcast.latestEpisode.duration !== null &&
                    ` · ${formatDuration(podcast.latestEpisode.duration)}`}
                </span>
              </p>
            )}
            <ShowListenLink podcast={podcast} verb="Listen" className="self-start" />
          </CardContent>
        </Card>
      )}
    </section>
  );
}

/** The card's frame with its fixed line heights, so nothing moves when the podcast arrives. */
function FeaturedPodcastSkeleton() {
  return (
    <Card className="grid overflow-hidden rounded-2xl md:grid-cols-[18rem_1fr]" aria-busy="true">
      <Skeleton className="aspect-video w-full rounded-none md:aspect-square" />
      <CardContent className="flex flex-col gap-3 p-6">
        <Skeleton className="h-6 w-56" />
        <Skeleton className="h-18 w-3/4 md:h-9" />
        <Skeleton className="h-12 w-2/3 md:h-6" />
        <Skeleton className="h-18 w-full" />
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-10 w-44" />
      </CardContent>
    </Card>
  );
}
