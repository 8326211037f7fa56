import type { EpisodeReading } from "@waveform/contracts/podcasts";
import { useEpisodePosition, usePlayerValue } from "../player";
import { EpisodeProgress } from "./episode-progress";

/**
 * The real progress of an episode: live while it is in the site's player, else where this device
 * left it (0 if never played). The length is the audio's own once the player has read it.
 */
export function LiveEpisodeProgress({ episode }: { episode: EpisodeReading }) {
  const position = useEpisodePosition(episode.id);
  const loadedDuration = usePlayerValue((state) =>
    state.episode?.id === episode.id ? state.duration : null,
  );
  const duration = loadedDuration ?? episode.duration;
  const progress = duration ? Math.min(100, (position / duration) * 100) : 0;
  return (
    <EpisodeProgress
      title={episode.title}
      durationSeconds={duration}
      progress={progress}
      elapsed={position}
    />
  );
}
