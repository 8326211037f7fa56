import { STALL_LIMIT_MS } from "./player-settings";

/**
 * Notices audio that stopped arriving: `watch()` when the element starts waiting; if after
 * STALL_LIMIT_MS it is still waiting at the same position, `onStall` runs. `stop()` when it moves
 * on (playing, paused, ended, failed).
 */
export function createStallWatch({
  position,
  waiting,
  onStall,
}: {
  position: () => number;
  waiting: () => boolean;
  onStall: () => void;
}) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stop = () => clearTimeout(timer);
  const watch = () => {
    stop();
    const at = position();
    timer = setTimeout(() => {
      if (waiting() && position() === at) onStall();
    }, STALL_LIMIT_MS);
  };
  return { watch, stop };
}
