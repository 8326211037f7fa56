import { type ReactNode, Suspense, use, useLayoutEffect, useState } from "react";
import { DeferredSection, type WhenOptions } from "./lazy-when-visible";

/**
 * Whether the server-rendered section under one `HydrateWhenVisible` may hydrate yet. Open from
 * the start on the server, when the page is already running (the section came by navigation), and
 * where the browser cannot watch it; otherwise open once the section comes near the viewport or
 * the visitor reaches for it (`DeferredSection`).
 */
class HydrationGate {
  open = false;
  /** Renders of the section while the gate was shut: the first is the page's hydration. */
  attempts = 0;
  /**
   * Settles when the gate opens. Marked fulfilled as it opens (the fields React's `use` reads), so
   * a render after that reads it without suspending.
   */
  readonly opened: Promise<void>;
  readonly section: DeferredSection | undefined;
  private release: () => void = () => {};

  constructor(anchorId: string, when: WhenOptions) {
    this.opened = new Promise((resolve) => {
      this.release = resolve;
    });
    const hydrating = typeof document !== "undefined" && document.documentElement.dataset.app !== "ready";
    const anchor = hydrating ? document.getElementById(anchorId) : null;
    if (!anchor || typeof IntersectionObserver === "undefined") {
      this.openNow();
      return;
    }
    this.section = new DeferredSection(anchor, when);
    void this.section.nearOrTouched.then(() => this.openNow());
  }

  openNow(): void {
    this.open = true;
    Object.assign(this.opened, { status: "fulfilled", value: undefined });
    this.release();
  }
}

function Gate({ gate, children }: { gate: HydrationGate; children: ReactNode }) {
  // React came back to the section before it was near: new props or context reached it. It
  // hydrates now rather than give up its server HTML for the (empty) fallback.
  if (!gate.open && gate.attempts++ > 0) gate.openNow();
  // Always called, in the same place: when React replays a render that suspended here, this call
  // is what lets the hooks below mount (skipping it on the replay throws React's error #467).
  use(gate.opened);
  // A layout effect, run as the hydrated section is committed: a tap from then on reaches React
  // alone. Marked in a passive effect (a task later), a tap landing between the two was held as
  // well as handled, and its replay undid it (a play button played, then paused).
  useLayoutEffect(() => gate.section?.markHydrated(), [gate]);
  return children;
}

/**
 * Hydrates a server-rendered part of the page only when it comes near the viewport (300 px, or as
 * `when` says) or the visitor touches, clicks or focuses it; a button click before then is held
 * and replayed. Its HTML is in the page from the server as always ("lazy-load code, never
 * content"): this defers only the work of bringing it to life, so a phone's first seconds are not
 * spent on cards and tables below the first screen. `anchorId`: an element inside it (its heading),
 * by which it is found in the page and watched. A child made with React's `lazy` loads its code only
 * when the gate opens, so that code is not in the page's first load either (decision 0019).
 */
export function HydrateWhenVisible({
  anchorId,
  when = {},
  children,
}: {
  anchorId: string;
  when?: WhenOptions;
  children: ReactNode;
}) {
  const [gate] = useState(() => new HydrationGate(anchorId, when));
  return (
    <Suspense fallback={null}>
      <Gate gate={gate}>{children}</Gate>
    </Suspense>
  );
}
