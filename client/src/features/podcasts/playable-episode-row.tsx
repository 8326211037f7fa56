import type { EpisodeReading } from "@waveform/contracts/podcasts";
import { useEpisodeStatus } from "../../lib/player/player";
import { EpisodeRow } from "./episode-list";
import { EpisodePlayButton } from "./episode-play-button";
import { playerEpisodeOf } from "./player-episode";

/** An episode line whose button plays it in the site's player; the line in the player is marked. */
export function PlayableEpisodeRow({ episode }: { episode: EpisodeReading }) {
  const status = useEpisodeStatus(episode.id);
  return (
    <EpisodeRow
      episode={episode}
      current={status !== "idle"}
      action={<EpisodePlayButton episode={playerEpisodeOf(episode)} title={episode.title} />}
    />
  );
}
