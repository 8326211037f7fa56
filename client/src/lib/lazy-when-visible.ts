import { type ComponentType, createElement, type LazyExoticComponent, lazy, useLayoutEffect } from "react";

export interface WhenOptions {
  /** How near the viewport (px) the section must come for its code to load; 300 unless given. */
  nearPx?: number;
  /** Load also on the page's first scroll (for a section just below the first screen). */
  onFirstScroll?: boolean;
}

/**
 * Watches one server-rendered section until its code has loaded and it has hydrated. Its code
 * starts loading when the section comes within 300 px of the viewport (or as `when` says), when the visitor touches,
 * clicks or focuses anything in it (or did before the page's code ran), or once it has left the page
 * (the visitor navigated away first). What the visitor does in it before it has hydrated is held by
 * the page's early-events script and replayed once it has (`early-events.ts`, decision 0020).
 */
export class DeferredSection {
  private readonly section: Element;
  private readonly cleanups: (() => void)[] = [];
  private hydrated = false;
  readonly nearOrTouched: Promise<void>;

  constructor(element: HTMLElement, when: WhenOptions) {
    this.section = element.closest("section") ?? element;
    this.nearOrTouched = new Promise((resolve) => {
      let started = false;
      const start = () => {
        if (started) return;
        started = true;
        observer.disconnect();
        removal.disconnect();
        removeEventListener("scroll", start);
        resolve();
      };
      const observer = new IntersectionObserver(
        (entries) => {
          if (entries.some((entry) => entry.isIntersecting)) start();
        },
        { rootMargin: `${when.nearPx ?? 300}px 0px` },
      );
      if (when.onFirstScroll) addEventListener("scroll", start, { passive: true });
      const removal = new MutationObserver(() => {
        if (!element.isConnected) start();
      });
      observer.observe(element);
      removal.observe(document.body, { childList: true, subtree: true });
      for (const type of ["pointerdown", "focusin", "keydown"] as const) this.listen(type, start);
      window.__waveformEvents?.defer(this.section, start);
    });
  }

  /**
   * Listens on the window, capturing, for events inside the section: ahead of React's listeners on
   * its root. React stops a tap on a part of the page it has not hydrated and cannot hydrate at once
   * (its code is still loading) at the root, so a listener inside the section would never see it.
   */
  private listen(type: string, handler: (event: Event) => void): void {
    const inSection = (event: Event) => {
      // The section left the page before it hydrated (the visitor navigated away): nothing to hold.
      if (!this.section.isConnected) this.stopListening();
      else if (event.target instanceof Node && this.section.contains(event.target)) handler(event);
    };
    addEventListener(type, inSection, { capture: true });
    this.cleanups.push(() => removeEventListener(type, inSection, { capture: true }));
  }

  private stopListening(): void {
    for (const cleanup of this.cleanups.splice(0)) cleanup();
  }

  /**
   * The section's component has hydrated (called from its layout effect, as it commits, so that no
   * tap after the commit is both held and seen by React): what the visitor did in it is replayed,
   * each action in a task after React's commit.
   */
  markHydrated(): void {
    if (this.hydrated) return;
    this.hydrated = true;
    this.stopListening();
    window.__waveformEvents?.release(this.section);
  }
}

/**
 * Lazy-loads code, never content: the server renders the component into the page; in the browser
 * its code loads (and that part of the page hydrates) only when the server-rendered element
 * `elementId` comes near the viewport or the visitor reaches for it, and a tap made before then is
 * not lost. Reached by navigation, the element is not there yet and the code loads at once.
 */
// biome-ignore lint/suspicious/noExplicitAny: the same bound as React.lazy's own
export function lazyWhenVisible<T extends ComponentType<any>>(
  elementId: string,
  load: () => Promise<{ default: T }>,
  when: WhenOptions = {},
): LazyExoticComponent<T> {
  return lazy<T>(async () => {
    const element = typeof document === "undefined" ? null : document.getElementById(elementId);
    if (!element || typeof IntersectionObserver === "undefined") return load();
    const section = new DeferredSection(element, when);
    await section.nearOrTouched;
    const { default: Loaded } = await load();
    // biome-ignore lint/suspicious/noExplicitAny: props pass through unchanged
    function Hydrated(props: any) {
      // As it commits, not a task later: see HydrateWhenVisible's gate.
      useLayoutEffect(() => section.markHydrated(), []);
      return createElement(Loaded, props);
    }
    return { default: Hydrated as unknown as T };
  });
}
