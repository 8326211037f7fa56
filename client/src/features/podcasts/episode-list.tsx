import type { EpisodeReading } from "@waveform/contracts/podcasts";
import { Pause, Play } from "lucide-react";
import type { ReactNode } from "react";
import { FallbackImage } from "../../components/media/fallback-image";
import { Skeleton, skeletonKeys } from "../../components/ui/skeleton";
import { cn } from "../../lib/cn";
import { formatDate, formatDuration } from "../../lib/format";

/**
 * One episode line: artwork, title, show, date and length; with `onPlay`, a small (simulated) play
 * button; `action` goes at the end of the line, `below` under its text.
 */
export function EpisodeRow({
  episode,
  current = false,
  playing = false,
  onPlay,
  action,
  below,
}: {
  episode: EpisodeReading;
  current?: boolean;
  playing?: boolean;
  onPlay?: () => void;
  action?: ReactNode;
  below?: ReactNode;
}) {
  const Icon = current && playing ? Pause : Play;
  return (
    <li
      className={cn("flex items-center gap-3 rounded-lg p-2", current && "bg-accent text-accent-foreground")}
      aria-current={current ? "true" : undefined}
    >
      <FallbackImage
        src={episode.imageUrl}
        alt=""
        width={56}
        height={56}
        className="size-12 shrink-0 rounded-md object-cover sm:size-14"
      />
      <div className="min-w-0 flex-1">
        <p className="line-clamp-2 font-medium leading-snug">{episode.title}</p>
        <p className="line-clamp-2 text-muted-foreground text-sm">
          {/* The show, when the answer names it (a show on an episode is the club's own field). */}
          {episode.podcastTitle && <>{episode.podcastTitle} · </>}
          {formatDate(episode.date)}
          {episode.duration !== null && <> · {formatDuration(episode.duration)}</>}
        </p>
        {below && <div className="mt-1.5">{below}</div>}
      </div>
      {onPlay && (
        <button
          type="button"
          onClick={onPlay}
          aria-label={`${current && playing ? "Pause" : "Play"} ${episode.title}`}
          className="flex size-10 shrink-0 items-center justify-center rounded-full border bg-background text-foreground hover:border-primary hover:text-primary focus-visible:outline-2 focus-visible:outline-ring"
        >
          <Icon className="size-4 fill-current" aria-hidden="true" />
        </button>
      )}
      {action}
    </li>
  );
}

export function EpisodeListSkeleton({ count }: { count: number }) {
  return (
    <ul className="space-y-2" aria-hidden="true">
      {skeletonKeys(count).map((key) => (
        <li key={key} data-testid="episode-skeleton" className="flex items-center gap-3 p-2">
          <Skeleton className="size-14 shrink-0" />
          <div className="flex-1 space-y-2">
            <Skeleton className="h-4 w-3/4" />
            <Skeleton className="h-3 w-1/2" />
          </div>
        </li>
      ))}
    </ul>
  );
}
