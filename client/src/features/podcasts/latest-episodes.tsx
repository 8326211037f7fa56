import type { EpisodeReading } from "@waveform/contracts/podcasts";
import { useState } from "react";
import { EmptyNotice } from "../../components/media/notices";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { EpisodeListSkeleton } from "./episode-list";
import { LATEST_EPISODES_SHOWN } from "./latest-episodes-shown";
import { PlayableEpisodeRow } from "./playable-episode-row";

/**
 * The latest-episodes list shows the first five; 'Load More Episodes' shows the rest. Each
 * plays in the site's player.
 */

export function LatestEpisodes({
  episodes,
  loading,
}: {
  episodes: EpisodeReading[] | undefined;
  loading: boolean;
}) {
  const [shown, setShown] = useState(LATEST_EPISODES_SHOWN);
  const visible = episodes?.slice(0, shown) ?? [];
  return (
    <section aria-labelledby="latest-episodes-heading" className="mt-16">
      <h2 id="latest-episodes-heading" className="mb-4 font-bold text-2xl tracking-tight">
        Latest Episodes
      </h2>
      {loading ? (
        <EpisodeListSkeleton count={LATEST_EPISODES_SHOWN} />
      ) : visible.length === 0 ? (
        <EmptyNotice>No episodes available</EmptyNotice>
      ) : (
        <Card asChild className="space-y-1 rounded-2xl p-2">
          <ul>
            {visible.map((episode) => (
              <PlayableEpisodeRow key={episode.id} episode={episode} />
            ))}
          </ul>
        </Card>
      )}
      {episodes && episodes.length > shown && (
        <div className="mt-4 flex justify-center">
          <Button variant="outline" onClick={() => setShown((count) => count + LATEST_EPISODES_SHOWN)}>
            Load More Episodes
          </Button>
        </div>
      )}
    </section>
  );
}
