import type { TranscriptCue } from "@waveform/contracts/podcast-pages";
import { useEffect, useRef } from "react";
import { cn } from "../../lib/cn";
import { formatDuration } from "../../lib/format";
import { prefersReducedMotion } from "../../lib/reduced-motion";
import type { PlayerEpisode } from "../player";
import { player, usePlayerValue } from "../player";
import { currentCueIndex } from "./episode-start-time";

/** After the visitor scrolls the transcript themselves, it is not followed for this long. */
const USER_SCROLL_PAUSE_MS = 5000;

/**
 * An episode's transcript, every cue as text (rendered on the server). While the episode is in the
 * player the cue being spoken is marked (`aria-current`) and, while it plays, kept in view unless
 * the visitor has just scrolled the transcript; each cue is a button that plays from its start.
 */
export function EpisodeTranscript({
  cues,
  episode,
}: {
  cues: TranscriptCue[];
  /** The episode as the player takes it; null when it has no audio (the cues are then plain text). */
  episode: PlayerEpisode | null;
}) {
  const episodeId = episode?.id ?? 0;
  const current = usePlayerValue((state) =>
    state.episode?.id === episodeId && episode ? currentCueIndex(cues, state.position) : -1,
  );
  const playing = usePlayerValue((state) => state.episode?.id === episodeId && state.playing);
  const box = useRef<HTMLOListElement>(null);
  const userScrolledAt = useRef(Number.NEGATIVE_INFINITY);

  useEffect(() => {
    const list = box.current;
    if (!list) return;
    const mark = () => {
      userScrolledAt.current = Date.now();
    };
    // Only the visitor wheels, touches, drags or keys a list; the page's own scrolling does none of these.
    const events = ["wheel", "touchmove", "pointerdown", "keydown"] as const;
    for (const name of events) list.addEventListener(name, mark, { passive: true });
    return () => {
      for (const name of events) list.removeEventListener(name, mark);
    };
  }, []);

  useEffect(() => {
    const list = box.current;
    if (!playing || current < 0 || !list) return;
    if (Date.now() - userScrolledAt.current < USER_SCROLL_PAUSE_MS) return;
    const cue = list.querySelector<HTMLElement>(`[data-cue="${current}"]`);
    if (!cue) return;
    // Within the list only: the page itself stays where the visitor has it.
    const top = cue.offsetTop - list.clientHeight / 2 + cue.offsetHeight / 2;
    list.scrollTo({ top: Math.max(0, top), behavior: prefersReducedMotion() ? "auto" : "smooth" });
  }, [current, playing]);

  return (
    <ol ref={box} className="relative max-h-96 space-y-1 overflow-y-auto rounded-xl border p-2">
      {cues.map((cue, index) => {
        const content = (
          <>
            <span className="w-14 shrink-0 text-muted-foreground text-sm tabular-nums">
              {formatDuration(cue.start)}
            </span>{" "}
            <span className="min-w-0 leading-relaxed">{cue.text}</span>
          </>
        );
        const isCurrent = index === current;
        const look = cn(
          "flex w-full items-baseline gap-3 rounded-lg px-2 py-2 text-left",
          isCurrent && "bg-primary/10 font-medium text-foreground ring-1 ring-primary/40",
        );
        return (
          <li key={`${cue.start}-${cue.end}`} data-cue={index}>
            {episode ? (
              <button
                type="button"
                aria-current={isCurrent ? "true" : undefined}
                onClick={() => player.playFrom(episode, cue.start)}
                className={cn(
                  look,
                  "hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring focus-visible:-outline-offset-2",
                )}
              >
                {content}
              </button>
            ) : (
              <p className={look}>{content}</p>
            )}
          </li>
        );
      })}
    </ol>
  );
}
