import { useQuery } from "@tanstack/react-query";
import { Headphones } from "lucide-react";
import { useState } from "react";
import { FallbackImage } from "../../components/media/fallback-image";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { Skeleton } from "../../components/ui/skeleton";
import { readableError } from "../../lib/api/errors";
import { siteConfig } from "../../lib/site-config";
import { EpisodeListSkeleton } from "./episode-list";
import { EpisodePlayButton } from "./episode-play-button";
import { LiveEpisodeProgress } from "./live-episode-progress";
import { PlayableEpisodeRow } from "./playable-episode-row";
import { playerEpisodeOf } from "./player-episode";
import { podcastSummaryQuery } from "./podcasts.queries";

const RECENT_SHOWN = 4;

/**
 * The home page's podcast panel (anchor #podcasts): the newest episode of the featured podcast and
 * the recent episodes, each playing in the site's player. The panel's bar shows the real progress
 * (the simulated 35 % belongs to the simulated progress of the club's podcasts page).
 */
export function HomePodcastsPanel() {
  const { data, isPending, error } = useQuery(podcastSummaryQuery());
  const [shown, setShown] = useState(RECENT_SHOWN);
  const featured = data?.featuredEpisode ?? null;
  const recent = (data?.recentEpisodes ?? []).filter((episode) => episode.id !== featured?.id);

  return (
    <section id="podcasts" aria-labelledby="podcasts-heading" className="scroll-mt-24">
      <div className="mb-6 flex flex-wrap items-end justify-between gap-3">
        <h2 id="podcasts-heading" className="font-bold text-2xl tracking-tight sm:text-3xl">
          {siteConfig.shortName} Podcasts
        </h2>
        {/* 'All episodes' leads to this section itself. */}
        <a href="#podcasts" className="font-medium text-primary text-sm hover:underline">
          All episodes
        </a>
      </div>
      {error && (
        <p role="alert" className="mb-4 text-muted-foreground text-sm">
          Podcasts could not be loaded ({readableError(error)}).
        </p>
      )}
      <div className="grid gap-6 lg:grid-cols-[3fr_2fr]">
        <Card className="min-w-0 rounded-2xl p-6" aria-busy={isPending}>
          <p className="font-semibold text-primary text-sm uppercase tracking-wider">Latest Episode</p>
          {isPending ? (
            <Skeleton className="mt-4 h-64" />
          ) : featured ? (
            <div className="mt-4 grid gap-5 sm:grid-cols-[10rem_1fr]">
              <FallbackImage
                src={featured.imageUrl}
                alt=""
                width={400}
                height={400}
                className="aspect-square w-full max-w-40 rounded-xl object-cover"
              />
              <div className="flex min-w-0 flex-col gap-2">
                <h3 className="font-bold text-xl">{featured.title}</h3>
                <div className="flex items-center gap-2 text-muted-foreground text-sm">
                  <FallbackImage
                    src={featured.hostImage}
                    alt=""
                    width={28}
                    height={28}
                    className="size-7 rounded-full"
                  />
                  <span>
                    {featured.podcastTitle ? (
                      <>
                        {featured.podcastTitle} with {featured.hostName}
                      </>
                    ) : (
                      <>Hosted by {featured.hostName}</>
                    )}
                  </span>
                </div>
                <p className="line-clamp-3 text-sm">{featured.description}</p>
                <div className="mt-auto flex items-center gap-4">
                  <EpisodePlayButton episode={playerEpisodeOf(featured)} title={featured.title} look="hero" />
                  <div className="min-w-0 flex-1">
                    <LiveEpisodeProgress episode={featured} />
                  </div>
                </div>
              </div>
            </div>
          ) : (
            <div className="mt-6 flex flex-col items-center gap-3 py-8 text-center text-muted-foreground">
              <Headphones className="size-10" aria-hidden="true" />
              <p>No featured podcast available</p>
            </div>
          )}
        </Card>
        <Card className="min-w-0 rounded-2xl p-6">
          <h3 className="font-semibold">Recent Episodes</h3>
          {isPending ? (
            <div className="mt-4">
              <EpisodeListSkeleton count={RECENT_SHOWN} />
            </div>
          ) : recent.length === 0 ? (
            <p className="mt-6 py-8 text-center text-muted-foreground">No recent episodes available</p>
          ) : (
            <ul className="mt-4 space-y-1">
              {recent.slice(0, shown).map((episode) => (
                <PlayableEpisodeRow key={episode.id} episode={episode} />
              ))}
            </ul>
          )}
          {recent.length > shown && (
            <Button
              variant="outline"
              className="mt-4 w-full"
              onClick={() => setShown((count) => count + RECENT_SHOWN)}
            >
              Load More Episodes
            </Button>
          )}
        </Card>
      </div>
    </section>
  );
}
