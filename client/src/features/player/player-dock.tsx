import { lazy, Suspense, useEffect, useState } from "react";
import { remembersEpisode, whenPlayerArrives } from "./player-presence";

// The player (its state, storage and audio) is not part of the page's first load (decision 0019):
// it arrives with the first play button's code, or at once when this device remembers an episode.
const LoadedPlayerDock = lazy(() =>
  import("./player-dock-loaded").then((module) => ({ default: module.LoadedPlayerDock })),
);

/**
 * Where the site's player lives (mounted once, in the root layout, so it plays on across in-app
 * navigation). On the server, until the page has hydrated and until the player's code is there,
 * it renders nothing.
 */
export function PlayerDock() {
  const [arrived, setArrived] = useState(false);
  useEffect(() => {
    if (remembersEpisode()) {
      // The mini player will show: fetch its three parts side by side, not one after another.
      void import("./player");
      void import("./player-dock-loaded");
      void import("./mini-player");
    }
    return whenPlayerArrives(() => setArrived(true));
  }, []);
  if (!arrived) return null;
  return (
    <Suspense fallback={null}>
      <LoadedPlayerDock />
    </Suspense>
  );
}
