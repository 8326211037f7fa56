import { lazy, Suspense } from "react";
import { usePlayerValue } from "./player";

// The player's controls load when something is first played (or was in the player when the page
// was left), not with the player's state: a phone needs none of it for its first paint.
const MiniPlayer = lazy(() => import("./mini-player").then((module) => ({ default: module.MiniPlayer })));

/** The dock once the player's code is there: the mini player while an episode is in the player. */
export function LoadedPlayerDock() {
  const open = usePlayerValue((state) => state.episode !== null);
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <MiniPlayer />
    </Suspense>
  );
}
