import { ArrowDown, ArrowUp, GripVertical, Play, X } from "lucide-react";
import { type PointerEvent, type RefObject, useEffect, useRef, useState } from "react";
import { FallbackImage } from "../../components/media/fallback-image";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "../../components/ui/dialog";
import { cn } from "../../lib/cn";
import { formatDuration } from "../../lib/format";
import { player } from "./player";
import type { PlayerEpisode } from "./player-types";
import { queue, useQueue } from "./up-next";

const smallButton =
  "flex size-9 shrink-0 items-center justify-center rounded-full text-muted-foreground hover:bg-accent hover:text-accent-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:pointer-events-none disabled:opacity-40";

type Action = "up" | "down" | "remove";
const buttonId = (id: number, action: Action) => `queue-${action}-${id}`;

/**
 * "Up next": the queued episodes in order. Each can move up or down (buttons, so by keyboard too;
 * the new place is announced), be dragged by its handle (mouse, pen or touch), be played now or
 * removed; the whole list can be cleared.
 */
export function QueuePanel({
  open,
  onOpenChange,
  opener,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opened the panel: the focus goes back to it when the panel closes. */
  opener: RefObject<HTMLButtonElement | null>;
}) {
  const episodes = useQueue();
  const [announcement, setAnnouncement] = useState("");
  const [focus, setFocus] = useState<{ id: number; action: Action } | null>(null);
  const [dragged, setDragged] = useState<number | null>(null);
  const listRef = useRef<HTMLOListElement>(null);

  // After a move, the moved episode's button keeps the focus (the other one at either end).
  useEffect(() => {
    if (!focus) return;
    const wanted = document.getElementById(buttonId(focus.id, focus.action)) as HTMLButtonElement | null;
    const other = document.getElementById(
      buttonId(focus.id, focus.action === "up" ? "down" : "up"),
    ) as HTMLButtonElement | null;
    (wanted && !wanted.disabled ? wanted : other)?.focus();
    setFocus(null);
  }, [focus]);

  const placeText = (index: number) => `position ${index + 1} of ${episodes.length}`;

  const move = (episode: PlayerEpisode, to: number, action: "up" | "down") => {
    if (!queue.move(episode.id, to)) return;
    setAnnouncement(`${episode.title} moved to ${placeText(to)}`);
    setFocus({ id: episode.id, action });
  };

  const remove = (episode: PlayerEpisode, index: number) => {
    queue.remove(episode.id);
    setAnnouncement(`${episode.title} removed from Up next`);
    const neighbour = episodes[index + 1] ?? episodes[index - 1];
    if (neighbour) setFocus({ id: neighbour.id, action: "remove" });
  };

  // A drag by the handle: the episode takes the place of the one under the pointer as it moves.
  const onDragMove = (event: PointerEvent<HTMLElement>) => {
    if (dragged === null || !listRef.current) return;
    const rows = [...listRef.current.querySelectorAll<HTMLElement>("[data-queue-id]")];
    const above = rows.filter((row) => {
      if (Number(row.dataset.queueId) === dragged) return false;
      const box = row.getBoundingClientRect();
      return box.top + box.height / 2 < event.clientY;
    });
    queue.move(dragged, above.length);
  };
  const endDrag = () => {
    if (dragged === null) return;
    const index = queue.getSnapshot().findIndex((episode) => episode.id === dragged);
    const episode = queue.getSnapshot()[index];
    if (episode) setAnnouncement(`${episode.title} moved to ${placeText(index)}`);
    setDragged(null);
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className="flex max-h-[85dvh] max-w-lg flex-col gap-3 p-4 sm:p-6"
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          opener.current?.focus();
        }}
      >
        <DialogTitle className="text-xl">Up next</DialogTitle>
        <DialogDescription className="text-sm">
          {episodes.length === 0
            ? "Nothing waiting. Add episodes with Play next or Play last."
            : `${episodes.length} ${episodes.length === 1 ? "episode plays" : "episodes play"} after this one, in this order.`}
        </DialogDescription>
        <p role="status" className="sr-only">
          {announcement}
        </p>
        {episodes.length > 0 && (
          <>
            <ol
              ref={listRef}
              className="-mx-2 min-h-0 flex-1 space-y-1 overflow-y-auto px-2"
              aria-label="Up next"
            >
              {episodes.map((episode, index) => (
                <li
                  key={episode.id}
                  data-queue-id={episode.id}
                  className={cn(
                    // The buttons go under the title where the line is too narrow for both.
                    "flex flex-wrap items-center gap-1 rounded-lg border bg-card p-1.5 sm:gap-2",
                    dragged === episode.id && "border-primary shadow-md ring-2 ring-primary/40",
                  )}
                >
                  <span
                    title="Drag to reorder"
                    aria-hidden="true"
                    data-testid="queue-drag-handle"
                    className="flex h-9 w-6 shrink-0 cursor-grab touch-none items-center justify-center text-muted-foreground active:cursor-grabbing"
                    onPointerDown={(event) => {
                      event.currentTarget.setPointerCapture(event.pointerId);
                      setDragged(episode.id);
                    }}
                    onPointerMove={onDragMove}
                    onPointerUp={endDrag}
                    onPointerCancel={endDrag}
                  >
                    <GripVertical className="size-4" />
                  </span>
                  <FallbackImage
                    src={episode.artworkUrl}
                    alt=""
                    width={40}
                    height={40}
                    className="hidden size-10 shrink-0 rounded-md object-cover min-[400px]:block"
                  />
                  <div className="min-w-0 flex-1 basis-44">
                    <p className="line-clamp-2 font-medium text-sm leading-snug">{episode.title}</p>
                    <p className="truncate text-muted-foreground text-xs">
                      {episode.showTitle}
                      {episode.durationSeconds !== null && <> · {formatDuration(episode.durationSeconds)}</>}
                    </p>
                  </div>
                  <div className="ml-auto flex items-center">
                    <button
                      type="button"
                      className={smallButton}
                      onClick={() => player.play(episode)}
                      aria-label={`Play now: ${episode.title}`}
                    >
                      <Play className="size-4 fill-current" aria-hidden="true" />
                    </button>
                    <button
                      type="button"
                      id={buttonId(episode.id, "up")}
                      className={smallButton}
                      disabled={index === 0}
                      onClick={() => move(episode, index - 1, "up")}
                      aria-label={`Move up: ${episode.title}`}
                    >
                      <ArrowUp className="size-4" aria-hidden="true" />
                    </button>
                    <button
                      type="button"
                      id={buttonId(episode.id, "down")}
                      className={smallButton}
                      disabled={index === episodes.length - 1}
                      onClick={() => move(episode, index + 1, "down")}
                      aria-label={`Move down: ${episode.title}`}
                    >
                      <ArrowDown className="size-4" aria-hidden="true" />
                    </button>
                    <button
                      type="button"
                      id={buttonId(episode.id, "remove")}
                      className={smallButton}
                      onClick={() => remove(episode, index)}
                      aria-label={`Remove from Up next: ${episode.title}`}
                    >
                      <X className="size-4" aria-hidden="true" />
                    </button>
                  </div>
                </li>
              ))}
            </ol>
            <div className="flex justify-end">
              <button
                type="button"
                onClick={() => {
                  queue.clear();
                  setAnnouncement("Up next cleared");
                }}
                className="rounded-md px-3 py-2 font-medium text-destructive text-sm hover:bg-destructive/10 focus-visible:outline-2 focus-visible:outline-ring"
              >
                Clear Up next
              </button>
            </div>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
