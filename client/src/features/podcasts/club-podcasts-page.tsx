import type { PodcastSummaryReading } from "@waveform/contracts/podcasts";
import { useState } from "react";
import { EmptyNotice } from "../../components/media/notices";
import { Card } from "../../components/ui/card";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/tabs";
import { EpisodeRow } from "./episode-list";
import { QueueButtons } from "./episode-play-button";
import { PlayInPlayerButton } from "./play-in-player-button";
import { playerEpisodeOf } from "./player-episode";
import { ProgressCard } from "./progress-card";
import { ShowListenLink } from "./show-listen-link";
import { useSimulatedProgress } from "./simulated-progress";

/**
 * The club's podcasts page once the episodes are in: the simulated progress card (starting on the
 * featured episode, paused at 35 %), then tabs Featured, Latest Episodes and Most Popular. Each
 * episode can also go to the site's player ('Play in the player').
 */
export function ClubPodcastsPage({ summary }: { summary: PodcastSummaryReading }) {
  const { featuredEpisode, recentEpisodes, podcasts } = summary;
  const episodes = featuredEpisode
    ? [featuredEpisode, ...recentEpisodes.filter((episode) => episode.id !== featuredEpisode.id)]
    : recentEpisodes;
  const simulated = useSimulatedProgress(
    featuredEpisode?.id ?? null,
    (id) => episodes.find((episode) => episode.id === id)?.duration ?? null,
  );
  const [tab, setTab] = useState("featured");
  const current = episodes.find((episode) => episode.id === simulated.episodeId);
  const featuredPodcast = podcasts.find((podcast) => podcast.id === featuredEpisode?.podcastId);
  const isFeatured = current !== undefined && current.id === featuredEpisode?.id;

  return (
    <div className="mt-8 space-y-10">
      {current ? (
        <ProgressCard
          episode={current}
          label={isFeatured ? "Featured Episode" : "Now Playing"}
          host={
            isFeatured && featuredEpisode
              ? { name: featuredEpisode.hostName, image: featuredEpisode.hostImage }
              : undefined
          }
          playing={simulated.playing}
          progress={simulated.progress}
          onToggle={simulated.toggle}
          extra={
            <div>
              <PlayInPlayerButton episode={current} />
            </div>
          }
        />
      ) : (
        <EmptyNotice>No featured episode available</EmptyNotice>
      )}
      <Tabs value={tab} onValueChange={setTab}>
        <TabsList aria-label="Episodes">
          <TabsTrigger value="featured">Featured</TabsTrigger>
          <TabsTrigger value="latest">Latest Episodes</TabsTrigger>
          <TabsTrigger value="popular">Most Popular</TabsTrigger>
        </TabsList>
        <TabsContent value="featured">
          {featuredEpisode ? (
            <Card className="rounded-2xl p-6">
              <h2 className="font-semibold text-xl">About {featuredEpisode.podcastTitle ?? "the show"}</h2>
              <p className="mt-2 text-muted-foreground">
                {featuredPodcast?.description ?? featuredEpisode.description}
              </p>
              {featuredPodcast && (
                <div className="mt-4 flex flex-wrap gap-3">
                  <ShowListenLink podcast={featuredPodcast} verb="Subscribe" />
                </div>
              )}
            </Card>
          ) : (
            <EmptyNotice>No featured episode available</EmptyNotice>
          )}
        </TabsContent>
        <TabsContent value="latest">
          {recentEpisodes.length === 0 ? (
            <EmptyNotice>No episodes available</EmptyNotice>
          ) : (
            <Card asChild className="space-y-1 rounded-2xl p-2">
              <ul>
                {recentEpisodes.map((episode) => (
                  <EpisodeRow
                    key={episode.id}
                    episode={episode}
                    current={episode.id === simulated.episodeId}
                    playing={simulated.playing}
                    onPlay={() => simulated.select(episode.id)}
                    below={
                      <div className="flex flex-wrap items-center gap-1">
                        <PlayInPlayerButton episode={episode} />
                        <QueueButtons episode={playerEpisodeOf(episode)} title={episode.title} />
                      </div>
                    }
                  />
                ))}
              </ul>
            </Card>
          )}
        </TabsContent>
        <TabsContent value="popular">
          <EmptyNotice>Popular episodes coming soon</EmptyNotice>
        </TabsContent>
      </Tabs>
    </div>
  );
}
