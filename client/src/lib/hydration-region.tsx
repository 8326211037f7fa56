import { type ReactNode, Suspense, useLayoutEffect, useRef } from "react";

/**
 * A part of a server-rendered page that React hydrates on its own, apart from the rest: a Suspense
 * boundary (with nothing to fall back to: its children never suspend on the first render, and the
 * server writes them in place). React hydrates the page's shell first and each region in a later
 * pass; a tap, key or typed text that lands in a region not yet hydrated makes React hydrate that
 * region (and the regions around it) at once, ahead of the rest, and then hands it the event. So a
 * visitor's first action waits for its own region's code, not the whole page's (the early-events
 * script hands it over as soon as React listens: lib/early-events.ts).
 *
 * Where: around each interactive region (tabs, a page's search and its list, the header's search,
 * the cart, a form, the player) and around large parts no control uses (card grids, text), so that
 * the shell, which every early action must wait for, stays small.
 *
 * The page counts as hydrated (`whenRegionsHydrated`) once every region the server rendered has.
 */
export function HydrationRegion({ children }: { children: ReactNode }) {
  const region = useRef<RegionState>({ counted: false, hydrated: false });
  useLayoutEffect(() => {
    const state = region.current;
    // The shell committed with this region still the server's: it is awaited.
    if (state.hydrated || state.counted) return;
    state.counted = true;
    waiting++;
    return () => {
      // Removed before it hydrated (a tab switched away from its panel): awaited no more.
      if (!state.counted || state.hydrated) return;
      state.counted = false;
      waiting--;
      queueMicrotask(settle);
    };
  }, []);
  return (
    <Suspense fallback={null}>
      <RegionHydrated region={region.current} />
      {children}
    </Suspense>
  );
}

interface RegionState {
  /** Counted among the regions awaited (the shell committed before the region hydrated). */
  counted: boolean;
  hydrated: boolean;
}

/** Regions rendered by the server whose hydration the shell's commit is waiting for. */
let waiting = 0;
let settled: (() => void)[] = [];

/** Inside the region's boundary: its layout effect runs when the region's own content commits. */
function RegionHydrated({ region }: { region: RegionState }) {
  useLayoutEffect(() => {
    if (region.hydrated) return;
    region.hydrated = true;
    if (!region.counted) return;
    waiting--;
    // After the whole commit: a region that hydrates may hold regions of its own, counted in it too.
    queueMicrotask(settle);
  }, [region]);
  return null;
}

function settle() {
  if (waiting > 0) return;
  const callbacks = settled;
  settled = [];
  for (const callback of callbacks) callback();
}

/**
 * Runs `callback` once every region of the page has hydrated (at once when none waits): call it
 * after the shell has committed (from an effect), when every region the server rendered is counted.
 */
export function whenRegionsHydrated(callback: () => void): void {
  settled.push(callback);
  queueMicrotask(settle);
}
