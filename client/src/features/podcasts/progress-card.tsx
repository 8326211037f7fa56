import type { EpisodeReading } from "@waveform/contracts/podcasts";
import { Pause, Play } from "lucide-react";
import type { ReactNode } from "react";
import { FallbackImage } from "../../components/media/fallback-image";
import { Card } from "../../components/ui/card";
import { formatDate } from "../../lib/format";
import { EpisodeProgress } from "./episode-progress";

/**
 * The big card of simulated progress: artwork, what is "playing", the play/pause button and the
 * progress; `extra` goes under them.
 */
export function ProgressCard({
  episode,
  label,
  host,
  playing,
  progress,
  onToggle,
  extra,
}: {
  episode: EpisodeReading;
  label: string;
  host?: { name: string; image: string };
  playing: boolean;
  progress: number;
  onToggle: () => void;
  extra?: ReactNode;
}) {
  const Icon = playing ? Pause : Play;
  return (
    <Card asChild className="grid gap-6 rounded-2xl p-5 sm:grid-cols-[12rem_1fr] sm:p-6">
      <section aria-labelledby="player-heading">
        <FallbackImage
          src={episode.imageUrl}
          alt=""
          width={400}
          height={400}
          loading="eager"
          className="aspect-square w-full max-w-48 rounded-xl object-cover shadow"
        />
        <div className="flex min-w-0 flex-col gap-3">
          <p className="font-semibold text-primary text-sm uppercase tracking-wider">{label}</p>
          <h2 id="player-heading" className="font-bold text-2xl tracking-tight">
            {episode.title}
          </h2>
          <p className="text-muted-foreground text-sm">
            {episode.podcastTitle && <>{episode.podcastTitle} · </>}
            {formatDate(episode.date)}
          </p>
          {host && (
            <div className="flex items-center gap-2 text-sm">
              <FallbackImage src={host.image} alt="" width={32} height={32} className="size-8 rounded-full" />
              <span>
                Hosted by <span className="font-medium">{host.name}</span>
              </span>
            </div>
          )}
          <p className="line-clamp-3 text-sm">{episode.description}</p>
          <div className="mt-auto flex items-center gap-4">
            <button
              type="button"
              onClick={onToggle}
              aria-label={`${playing ? "Pause" : "Play"} ${episode.title}`}
              className="flex size-14 shrink-0 items-center justify-center rounded-full bg-primary text-primary-foreground shadow-lg hover:bg-primary/90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
            >
              <Icon className="size-6 fill-current" aria-hidden="true" />
            </button>
            <div className="flex-1">
              <EpisodeProgress title={episode.title} durationSeconds={episode.duration} progress={progress} />
            </div>
          </div>
          {extra}
        </div>
      </section>
    </Card>
  );
}
