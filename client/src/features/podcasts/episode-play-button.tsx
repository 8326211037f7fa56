import { ListEnd, ListStart, Loader2, Pause, Play } from "lucide-react";
import { useRef } from "react";
import { cn } from "../../lib/cn";
import { notify } from "../../lib/notify";
import { loadUpNext, type PlayerEpisode, player, type QueuePlace, useEpisodeStatus } from "../player";

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

const PLACES: { place: QueuePlace; text: string; Icon: typeof ListStart }[] = [
  { place: "next", text: "Play next", Icon: ListStart },
  { place: "last", text: "Play last", Icon: ListEnd },
];

const queueLooks = {
  row: "size-9 justify-center rounded-full text-muted-foreground hover:bg-accent hover:text-accent-foreground",
  page: "h-8 gap-1.5 rounded-md border bg-background px-3 font-medium text-sm shadow-xs hover:bg-accent hover:text-accent-foreground",
};

/**
 * Play next / Play last: puts an episode in "Up next". The queue's code loads on the first use
 * (it is in no page's first load); a tap before the page's code has run is held and replayed
 * (decision 0020).
 */
export function QueueButtons({
  episode,
  title,
  look = "row",
}: {
  episode: PlayerEpisode | null;
  /** The episode's title, for the buttons' names. */
  title: string;
  look?: keyof typeof queueLooks;
}) {
  if (!episode) return null;
  const add = async (place: QueuePlace) => {
    const { addToQueue, addedMessage } = await loadUpNext();
    const outcome = addToQueue(episode, place);
    void notify(outcome === "full" ? "error" : "success", addedMessage(outcome, place, title));
  };
  return (
    // In a row at phone width the two buttons stand one above the other, so the title keeps room.
    <div
      className={cn(
        "flex shrink-0 items-center gap-1",
        look === "row" && "flex-col gap-0.5 sm:flex-row sm:gap-1",
      )}
    >
      {PLACES.map(({ place, text, Icon }) => (
        <button
          key={place}
          type="button"
          onClick={() => void add(place)}
          aria-label={`${text}: ${title}`}
          title={look === "row" ? text : undefined}
          className={cn(
            "flex shrink-0 items-center focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
            queueLooks[look],
          )}
        >
          <Icon className="size-4" aria-hidden="true" />
          {look === "page" && text}
        </button>
      ))}
    </div>
  );
}
