import type { EpisodeReading } from "@waveform/contracts/podcasts";
import { useEpisodeStatus } from "../player";
import { EpisodeRow } from "./episode-list";
import { EpisodePlayButton, QueueButtons } from "./episode-play-button";
import { playerEpisodeOf } from "./player-episode";

/** An episode line whose buttons queue it and play it in the site's player; the line in the player is marked. */
export function PlayableEpisodeRow({ episode }: { episode: EpisodeReading }) {
  const status = useEpisodeStatus(episode.id);
  const playable = playerEpisodeOf(episode);
  return (
    <EpisodeRow
      episode={episode}
      current={status !== "idle"}
      action={
        <>
          <QueueButtons episode={playable} title={episode.title} />
          <EpisodePlayButton episode={playable} title={episode.title} />
        </>
      }
    />
  );
}
