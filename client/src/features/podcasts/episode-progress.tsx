import { formatDuration } from "../../lib/format";
import { elapsedSeconds, PROGRESS_MAX, UNKNOWN_DURATION_SECONDS } from "./simulated-progress";

/**
 * How far into an episode playback is, with elapsed and total time: the simulated progress gives
 * `progress` (elapsed is that share of the length), the site's player its `elapsed` seconds too.
 */
export function EpisodeProgress({
  title,
  durationSeconds,
  progress,
  elapsed: elapsedSecondsGiven,
}: {
  title: string;
  durationSeconds: number | null;
  progress: number;
  elapsed?: number;
}) {
  const duration = durationSeconds ?? UNKNOWN_DURATION_SECONDS;
  const elapsed = formatDuration(elapsedSecondsGiven ?? elapsedSeconds(duration, progress));
  const total = durationSeconds === null ? "unknown length" : formatDuration(durationSeconds);
  return (
    <div className="space-y-1.5">
      <div
        role="progressbar"
        aria-label={`Progress of ${title}`}
        aria-valuemin={0}
        aria-valuemax={PROGRESS_MAX}
        aria-valuenow={Math.round(progress)}
        aria-valuetext={`${elapsed} of ${total}`}
        className="h-2 overflow-hidden rounded-full bg-muted"
      >
        <div
          className="h-full rounded-full bg-primary motion-safe:transition-[width] motion-safe:duration-700"
          style={{ width: `${progress}%` }}
        />
      </div>
      <div className="flex justify-between text-muted-foreground text-xs tabular-nums">
        <span data-testid="elapsed">{elapsed}</span>
        <span>{durationSeconds === null ? "--:--" : total}</span>
      </div>
    </div>
  );
}
