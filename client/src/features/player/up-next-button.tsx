import { ListMusic } from "lucide-react";
import { useRef, useState } from "react";
import type { QueuePanel as Panel } from "./queue-panel";
import { useQueue } from "./up-next";

// The panel (its list, reordering and dialog) loads when it is first opened, or hovered or focused.
// A plain import kept in state rather than React.lazy: the first load's chunk then exports nothing more.
const loadPanel = () => import("./queue-panel");

/** Opens the "Up next" panel; shows how many episodes wait. */
export function UpNextButton() {
  const episodes = useQueue();
  const [open, setOpen] = useState(false);
  const [QueuePanel, setQueuePanel] = useState<typeof Panel | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const count = episodes.length;
  return (
    <>
      <button
        ref={button}
        type="button"
        onClick={() => {
          setOpen(true);
          void loadPanel().then((module) => setQueuePanel(() => module.QueuePanel));
        }}
        onPointerEnter={() => void loadPanel()}
        onFocus={() => void loadPanel()}
        aria-label={`Up next, ${count} ${count === 1 ? "episode" : "episodes"}`}
        aria-haspopup="dialog"
        className="relative flex h-10 shrink-0 items-center justify-center gap-1 rounded-full px-2.5 text-foreground hover:bg-accent hover:text-accent-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      >
        <ListMusic className="size-5" aria-hidden="true" />
        {count > 0 && (
          <span
            aria-hidden="true"
            className="min-w-5 rounded-full bg-primary px-1.5 font-semibold text-[0.7rem] text-primary-foreground tabular-nums leading-5"
          >
            {count}
          </span>
        )}
      </button>
      {QueuePanel && <QueuePanel open={open} onOpenChange={setOpen} opener={button} />}
    </>
  );
}
