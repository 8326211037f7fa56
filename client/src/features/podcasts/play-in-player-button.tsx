import type { EpisodeReading } from "@waveform/contracts/podcasts";
import { Headphones } from "lucide-react";
import { Button } from "../../components/ui/button";
import { player, useEpisodeStatus } from "../player";
import { NoAudio } from "./episode-play-button";
import { playerEpisodeOf } from "./player-episode";

/**
 * The club's podcasts page keeps its simulated progress (docs/product.md, simulated-progress.ts);
 * this sends an episode to the site's player instead.
 */
export function PlayInPlayerButton({ episode }: { episode: EpisodeReading }) {
  const status = useEpisodeStatus(episode.id);
  const playable = playerEpisodeOf(episode);
  if (!playable) return <NoAudio />;
  const text = status === "playing" || status === "buffering" ? "Pause in the player" : "Play in the player";
  return (
    <Button
      variant="outline"
      size="sm"
      className="h-8 rounded-full px-3 text-xs"
      onClick={() => player.toggle(playable)}
      aria-label={`${text}: ${episode.title}`}
    >
      <Headphones aria-hidden="true" />
      {text}
    </Button>
  );
}
