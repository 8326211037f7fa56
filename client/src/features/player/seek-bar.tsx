import { Slider } from "radix-ui";
import { type KeyboardEvent, useState } from "react";
import { formatDuration } from "../../lib/format";
import { player } from "./player";

/** Keyboard steps of the seek bar, in seconds (Home and End go to the ends). */
const STEPS: Record<string, number> = {
  ArrowRight: 5,
  ArrowUp: 5,
  ArrowLeft: -5,
  ArrowDown: -5,
  PageUp: 30,
  PageDown: -30,
};

/**
 * Elapsed time, the seek bar and the length. Keys are handled here rather than by the slider,
 * whose page keys move ten steps: arrows ±5 s, PageUp/PageDown ±30 s, Home/End. A drag seeks once,
 * when it is let go.
 */
export function SeekBar({ position, duration }: { position: number; duration: number | null }) {
  const [dragged, setDragged] = useState<number | null>(null);
  const shown = dragged ?? position;
  const total = duration === null ? "--:--" : formatDuration(duration);

  const onKeyDown = (event: KeyboardEvent) => {
    if (duration === null) return;
    const step = STEPS[event.key];
    if (step !== undefined) player.skip(step);
    else if (event.key === "Home") player.seek(0);
    else if (event.key === "End") player.seek(duration);
    else return;
    // The slider's own key handling stands down for a handled key.
    event.preventDefault();
  };

  return (
    <div className="flex min-w-0 flex-1 items-center gap-2 text-muted-foreground text-xs tabular-nums">
      <span data-testid="player-elapsed" className="w-11 shrink-0 text-right">
        {formatDuration(shown)}
      </span>
      <Slider.Root
        className="relative flex h-6 min-w-16 flex-1 touch-none select-none items-center"
        min={0}
        max={duration ?? 1}
        step={1}
        value={[Math.min(shown, duration ?? 0)]}
        disabled={duration === null}
        onKeyDown={onKeyDown}
        onValueChange={([value]) => setDragged(value ?? null)}
        onValueCommit={([value]) => {
          if (value !== undefined) player.seek(value);
          setDragged(null);
        }}
      >
        <Slider.Track className="relative h-1.5 w-full grow overflow-hidden rounded-full bg-muted">
          <Slider.Range className="absolute h-full bg-primary" />
        </Slider.Track>
        <Slider.Thumb
          aria-label="Seek"
          aria-valuetext={`${formatDuration(shown)} of ${total}`}
          className="block size-4 rounded-full border-2 border-primary bg-background shadow focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        />
      </Slider.Root>
      <span className="w-11 shrink-0">{total}</span>
    </div>
  );
}
