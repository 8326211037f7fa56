import { Loader2, Pause, Play, RotateCcw, RotateCw, X } from "lucide-react";
import { Link } from "react-router";
import { FallbackImage } from "../../components/media/fallback-image";
import { cn } from "../../lib/cn";
import { paths } from "../../lib/paths";
import { ChapterControls } from "./chapter-controls";
import { iconButton } from "./icon-button";
import { player, usePlayer } from "./player";
import { PLAYBACK_RATES } from "./player-settings";
import { SeekBar } from "./seek-bar";
import { SleepTimerButton } from "./sleep-timer-button";
import { chapterIndexAt } from "./up-next";
import { UpNextButton } from "./up-next-button";
import { useChapters } from "./use-chapters";
import { useMediaSession } from "./use-media-session";
import { usePageClearance } from "./use-page-clearance";
import { VolumeControl } from "./volume-control";

export const PLAYER_FAILED_TEXT = "This episode can't be played right now";

/** "1×", "1.25×" */
const rateLabel = (rate: number) => `${rate}×`;

/**
 * The persistent mini-player at the bottom of every page: what is playing (and its chapter),
 * play/pause, back 15 s, forward 30 s, the seek bar with elapsed and total time, speed, mute and
 * volume, previous/next chapter, the sleep timer, Up next, close. Three rows on a phone, one from
 * the large breakpoint.
 */
export function MiniPlayer() {
  const state = usePlayer();
  const chapters = useChapters(state.episode?.chaptersUrl);
  const chapter = chapters[chapterIndexAt(chapters, state.position)] ?? null;
  useMediaSession(state, chapters, chapter?.title ?? null);
  const [playerRef, height] = usePageClearance<HTMLElement>();
  const { episode, playing, buffering, failed, position, duration, rate, volume, muted } = state;
  if (!episode) return null;
  const PlayIcon = buffering ? Loader2 : playing ? Pause : Play;
  const titleClass = "block truncate font-semibold text-sm leading-5";

  return (
    <>
      <div aria-hidden="true" data-testid="player-spacer" style={{ height }} />
      <section
        ref={playerRef}
        aria-label="Audio player"
        aria-busy={buffering}
        className="fixed inset-x-0 bottom-0 z-40 border-t bg-card/95 text-card-foreground shadow-[0_-4px_16px_rgb(0_0_0/0.12)] backdrop-blur supports-[backdrop-filter]:bg-card/85"
      >
        <div className="mx-auto flex max-w-7xl flex-col gap-1 px-3 py-2 sm:px-6 lg:flex-row lg:items-center lg:gap-4">
          <div className="flex min-w-0 items-center gap-2 lg:w-[32rem] lg:shrink-0">
            <FallbackImage
              src={episode.artworkUrl}
              alt=""
              width={48}
              height={48}
              loading="eager"
              className="size-10 shrink-0 rounded-md object-cover lg:size-12"
            />
            <div className="min-w-0 flex-1">
              {episode.showSlug ? (
                <Link
                  to={paths.episode(episode.showSlug, episode.id)}
                  className={cn(
                    titleClass,
                    "rounded-sm hover:underline focus-visible:outline-2 focus-visible:outline-ring",
                  )}
                >
                  {episode.title}
                </Link>
              ) : (
                <p className={titleClass}>{episode.title}</p>
              )}
              <p className="truncate text-muted-foreground text-xs leading-5">
                {chapter && (
                  <>
                    <span className="font-medium text-foreground" data-testid="player-chapter">
                      <span className="sr-only">Chapter: </span>
                      {chapter.title}
                    </span>
                    <span aria-hidden="true"> · </span>
                  </>
                )}
                <span role="status">
                  {buffering ? <span className="text-primary">Buffering…</span> : episode.showTitle}
                </span>
              </p>
            </div>
            <button
              type="button"
              className={iconButton}
              onClick={() => player.skip(-15)}
              aria-label="Back 15 seconds"
            >
              <RotateCcw className="size-5" aria-hidden="true" />
              <span className="absolute text-[0.5rem] font-bold" aria-hidden="true">
                15
              </span>
            </button>
            <button
              type="button"
              onClick={() => player.toggle()}
              aria-label={playing ? "Pause" : "Play"}
              className="flex size-11 shrink-0 items-center justify-center rounded-full bg-primary text-primary-foreground shadow hover:bg-primary/90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
            >
              <PlayIcon
                className={cn("size-5", buffering ? "motion-safe:animate-spin" : "fill-current")}
                aria-hidden="true"
              />
            </button>
            <button
              type="button"
              className={iconButton}
              onClick={() => player.skip(30)}
              aria-label="Forward 30 seconds"
            >
              <RotateCw className="size-5" aria-hidden="true" />
              <span className="absolute text-[0.5rem] font-bold" aria-hidden="true">
                30
              </span>
            </button>
          </div>
          <div className="flex min-w-0 flex-1 items-center gap-1 sm:gap-2">
            {failed ? (
              <div className="flex min-w-0 flex-1 flex-wrap items-center gap-x-3 text-sm">
                <p role="alert" className="font-medium text-destructive">
                  {PLAYER_FAILED_TEXT}
                </p>
                <button
                  type="button"
                  onClick={() => player.play()}
                  className="rounded-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
                >
                  Try again
                </button>
              </div>
            ) : (
              <SeekBar position={position} duration={duration} />
            )}
            <button
              type="button"
              onClick={() => player.cycleRate()}
              aria-label={`Playback speed ${rateLabel(rate)}`}
              title={`Speed: ${PLAYBACK_RATES.map(rateLabel).join(", ")}`}
              className="h-8 min-w-12 shrink-0 rounded-full border px-2 font-semibold text-xs tabular-nums hover:bg-accent focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
            >
              {rateLabel(rate)}
            </button>
            <VolumeControl volume={volume} muted={muted} />
          </div>
          <div className="flex items-center gap-1 lg:shrink-0">
            {chapters.length > 0 && <ChapterControls chapters={chapters} position={position} />}
            <div className="ml-auto flex items-center gap-1">
              <SleepTimerButton />
              <UpNextButton />
            </div>
            <button
              type="button"
              className={iconButton}
              onClick={() => player.close()}
              aria-label="Close player"
            >
              <X className="size-5" aria-hidden="true" />
            </button>
          </div>
        </div>
      </section>
    </>
  );
}
