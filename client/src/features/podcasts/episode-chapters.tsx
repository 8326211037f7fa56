import type { EpisodeChapter } from "@waveform/contracts/podcast-pages";
import { formatDuration } from "../../lib/format";
import type { PlayerEpisode } from "../player";
import { player } from "../player";

/** An episode's chapters in order, each a button that plays the episode from its start. */
export function EpisodeChapters({
  chapters,
  episode,
}: {
  chapters: EpisodeChapter[];
  /** The episode as the player takes it; null when it has no audio (the chapters are then plain text). */
  episode: PlayerEpisode | null;
}) {
  return (
    <ol className="divide-y rounded-xl border">
      {chapters.map((chapter) => {
        const content = (
          <>
            <span className="w-14 shrink-0 text-muted-foreground text-sm tabular-nums">
              {formatDuration(chapter.startTime)}
            </span>{" "}
            <span className="min-w-0">{chapter.title}</span>
          </>
        );
        return (
          <li key={`${chapter.startTime}-${chapter.title}`}>
            {episode ? (
              <button
                type="button"
                onClick={() => player.playFrom(episode, chapter.startTime)}
                className="flex w-full items-baseline gap-3 px-4 py-3 text-left first:rounded-t-xl hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring focus-visible:-outline-offset-2"
              >
                {content}
              </button>
            ) : (
              <p className="flex items-baseline gap-3 px-4 py-3">{content}</p>
            )}
          </li>
        );
      })}
    </ol>
  );
}
