import { Loader2, Pause, Play } from "lucide-react";
import { useRef } from "react";
import { cn } from "../../lib/cn";
import { player, useEpisodeStatus } from "../../lib/player/player";
import type { PlayerEpisode } from "../../lib/player/player-types";

const looks = {
  row: "size-10 border bg-background text-foreground hover:border-primary hover:text-primary",
  hero: "size-14 bg-primary text-primary-foreground shadow-lg hover:bg-primary/90",
};

/**
 * Plays an episode in the site's player, or pauses it when it is the one playing. An episode
 * without audio gets no button, and says so.
 */
export function EpisodePlayButton({
  episode,
  title,
  look = "row",
  startAt = null,
}: {
  episode: PlayerEpisode | null;
  /** The episode's title, for the button's name. */
  title: string;
  look?: keyof typeof looks;
  /** Seconds to start from on the first play from this button (a shared `?t=`); then it plays on as usual. */
  startAt?: number | null;
}) {
  const status = useEpisodeStatus(episode?.id ?? 0);
  const startUsed = useRef(false);
  if (!episode) return <NoAudio />;
  const active = status === "playing" || status === "buffering";
  const Icon = status === "buffering" ? Loader2 : active ? Pause : Play;
  return (
    <button
      type="button"
      onClick={() => {
        if (startAt !== null && !startUsed.current && !active) {
          startUsed.current = true;
          player.playFrom(episode, startAt);
        } else player.toggle(episode);
      }}
      aria-label={`${active ? "Pause" : "Play"} ${title}`}
      className={cn(
        "flex shrink-0 items-center justify-center rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
        looks[look],
      )}
    >
      <Icon
        className={cn(
          look === "hero" ? "size-6" : "size-4",
          status === "buffering" ? "motion-safe:animate-spin" : "fill-current",
        )}
        aria-hidden="true"
      />
    </button>
  );
}

/** In place of a play button: this episode's feed gives no audio. */
export function NoAudio() {
  return <span className="shrink-0 text-muted-foreground text-xs">No audio</span>;
}
