import { useMutation } from "@tanstack/react-query";
import type { ConsolePlaylist } from "@waveform/contracts/console-playlists";
import { ArrowDown, ArrowUp, GripVertical, Trash2 } from "lucide-react";
import { type KeyboardEvent, type PointerEvent, useRef, useState } from "react";
import { Button } from "../../components/ui/button";
import { readableError } from "../../lib/api/errors";
import { formatDuration } from "../../lib/format";
import { removeTrack, reorderTracks } from "./console-playlists.queries";
import { dropIndex, isMove, movedMessage, moveItem } from "./track-order";

type Track = ConsolePlaylist["tracks"][number];
interface Drag {
  from: number;
  over: number;
  middles: number[];
}

/**
 * The playlist's tracks in order, each with a handle to drag (pointer or touch; arrow keys when
 * focused), 'Move up', 'Move down' and 'Remove'. Every change is saved at once (one transaction on
 * the server) and announced; while a move is saving, the list shows the new order.
 */
export function TrackListEditor({
  playlist,
  onSaved,
}: {
  playlist: ConsolePlaylist;
  onSaved: (playlist: ConsolePlaylist) => void;
}) {
  const [announcement, setAnnouncement] = useState("");
  const [pending, setPending] = useState<Track[] | null>(null);
  const [drag, setDrag] = useState<Drag | null>(null);
  const rows = useRef<(HTMLLIElement | null)[]>([]);
  const handles = useRef<(HTMLButtonElement | null)[]>([]);
  const tracks = pending ?? playlist.tracks;

  const reorder = useMutation({
    mutationFn: (order: Track[]) =>
      reorderTracks(
        playlist.id,
        order.map((track) => track.position),
      ),
    onSuccess: (saved) => onSaved(saved),
    onError: (error) => setAnnouncement(`The new order was not saved: ${readableError(error)}`),
    onSettled: () => setPending(null),
  });
  const remove = useMutation({
    mutationFn: (track: Track) => removeTrack(playlist.id, track.position),
    onSuccess: (saved, track) => {
      onSaved(saved);
      setAnnouncement(`Removed "${track.title}".`);
    },
    onError: (error) => setAnnouncement(`The track was not removed: ${readableError(error)}`),
  });
  const busy = reorder.isPending || remove.isPending;

  const move = (from: number, to: number, focusHandle = false) => {
    if (busy || !isMove(tracks.length, from, to)) return;
    const next = moveItem(tracks, from, to);
    const landed = next.indexOf(tracks[from] as Track);
    setPending(next);
    setAnnouncement(movedMessage(tracks[from]?.title ?? "", landed, next.length));
    reorder.mutate(next);
    if (focusHandle) requestAnimationFrame(() => handles.current[landed]?.focus());
  };

  const onHandleKey = (event: KeyboardEvent, index: number) => {
    const step = event.key === "ArrowUp" ? -1 : event.key === "ArrowDown" ? 1 : 0;
    if (step === 0) return;
    event.preventDefault();
    move(index, index + step, true);
  };
  const onPointerDown = (event: PointerEvent<HTMLButtonElement>, index: number) => {
    if (busy || event.button !== 0) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    const middles = rows.current.slice(0, tracks.length).map((row) => {
      const box = row?.getBoundingClientRect();
      return box ? box.top + box.height / 2 : 0;
    });
    setDrag({ from: index, over: index, middles });
  };
  const onPointerMove = (event: PointerEvent) => {
    if (!drag) return;
    const over = dropIndex(event.clientY, drag.middles, drag.from);
    if (over !== drag.over) setDrag({ ...drag, over });
  };
  const onPointerUp = () => {
    if (!drag) return;
    setDrag(null);
    move(drag.from, drag.over);
  };

  // While dragging, the list shows where the track would land.
  const shown = drag ? moveItem(tracks, drag.from, drag.over) : tracks;
  const dragged = drag ? tracks[drag.from] : undefined;
  if (tracks.length === 0)
    return <p className="text-muted-foreground">No tracks yet: add the first one below.</p>;
  return (
    <div>
      <p className="sr-only" id="track-handle-hint">
        Drag a handle to move its track, or focus it and press the up or down arrow key.
      </p>
      <ol className="divide-y rounded-lg border" aria-busy={busy}>
        {shown.map((track, index) => (
          <li
            key={`${track.position}-${track.title}`}
            ref={(row) => {
              rows.current[index] = row;
            }}
            className={`flex items-center gap-2 px-2 py-2 sm:gap-3 ${track === dragged ? "bg-accent" : ""}`}
          >
            <button
              type="button"
              ref={(handle) => {
                handles.current[index] = handle;
              }}
              aria-label={`Move "${track.title}", position ${index + 1} of ${shown.length}`}
              aria-describedby="track-handle-hint"
              className="flex size-10 shrink-0 cursor-grab touch-none items-center justify-center rounded-md text-muted-foreground hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring active:cursor-grabbing"
              onKeyDown={(event) => onHandleKey(event, index)}
              onPointerDown={(event) => onPointerDown(event, index)}
              onPointerMove={onPointerMove}
              onPointerUp={onPointerUp}
              onPointerCancel={() => setDrag(null)}
            >
              <GripVertical aria-hidden="true" />
            </button>
            <span className="w-6 shrink-0 text-right text-muted-foreground text-sm tabular-nums">
              {index + 1}
            </span>
            <span className="min-w-0 flex-1">
              <span className="block break-words font-medium sm:truncate">{track.title}</span>
              <span className="block break-words text-muted-foreground text-sm sm:truncate">
                {track.artist} · {formatDuration(track.durationSeconds)}
              </span>
            </span>
            <Button
              variant="ghost"
              size="icon"
              aria-label={`Move up: ${track.title}`}
              disabled={busy || index === 0}
              onClick={() => move(index, index - 1)}
            >
              <ArrowUp aria-hidden="true" />
            </Button>
            <Button
              variant="ghost"
              size="icon"
              aria-label={`Move down: ${track.title}`}
              disabled={busy || index === shown.length - 1}
              onClick={() => move(index, index + 1)}
            >
              <ArrowDown aria-hidden="true" />
            </Button>
            <Button
              variant="ghost"
              size="icon"
              aria-label={`Remove: ${track.title}`}
              disabled={busy}
              onClick={() => remove.mutate(track)}
            >
              <Trash2 aria-hidden="true" />
            </Button>
          </li>
        ))}
      </ol>
      <p role="status" className="mt-2 min-h-6 text-sm">
        {announcement}
      </p>
    </div>
  );
}
