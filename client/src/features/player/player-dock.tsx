import { lazy, Suspense, useEffect } from "react";
import { player, usePlayerValue } from "../../lib/player/player";

// The player's controls load when something is first played (or was playing when the page was
// left), not with the page: a phone needs none of it for its first paint.
const MiniPlayer = lazy(() => import("./mini-player").then((module) => ({ default: module.MiniPlayer })));

/**
 * Where the site's player lives (mounted once, in the root layout, so it plays on across in-app
 * navigation). On the server and until the page has hydrated it renders nothing.
 */
export function PlayerDock() {
  const open = usePlayerValue((state) => state.episode !== null);
  useEffect(() => player.restore(), []);
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <MiniPlayer />
    </Suspense>
  );
}
