import { type ComponentType, createElement, type LazyExoticComponent, lazy, useLayoutEffect } from "react";

/** What a visitor did to a server-rendered section before its code arrived, replayed once it has. */
type PendingAction = { kind: "click"; target: HTMLElement } | { kind: "submit"; form: HTMLFormElement };

export interface WhenOptions {
  /** How near the viewport (px) the section must come for its code to load; 300 unless given. */
  nearPx?: number;
  /** Load also on the page's first scroll (for a section just below the first screen). */
  onFirstScroll?: boolean;
}

/**
 * Watches one server-rendered section until its code has loaded and it has hydrated. Its code
 * starts loading when the section comes within 300 px of the viewport (or as `when` says), when the visitor touches,
 * clicks or focuses anything in it, or once it has left the page (the visitor navigated away
 * first). A button click or form submit that lands before the section has hydrated is held (React
 * does not see it yet, and a form would submit natively) and replayed once it has.
 */
export class DeferredSection {
  private readonly section: Element;
  private readonly cleanups: (() => void)[] = [];
  private pending: PendingAction | undefined;
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
    });
    this.listen("click", (event) => this.hold(event));
    this.listen("submit", (event) => this.hold(event));
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

  private hold(event: Event): void {
    if (this.hydrated || !(event.target instanceof Element)) return;
    if (event.type === "submit" && event.target instanceof HTMLFormElement) {
      event.preventDefault();
      event.stopPropagation();
      this.pending = { kind: "submit", form: event.target };
      return;
    }
    // Links work without script; only buttons (and what they submit) wait for the section's code.
    const button = event.target.closest("button");
    if (!button) return;
    // Held, and kept from React, which would act on it too if it could hydrate the section at once.
    event.preventDefault();
    event.stopPropagation();
    this.pending = { kind: "click", target: button };
  }

  /**
   * The section's component has hydrated (called from its layout effect, as it commits, so that no
   * tap after the commit is both held and seen by React): replay what the visitor did, once React's
   * commit has finished.
   */
  markHydrated(): void {
    if (this.hydrated) return;
    this.hydrated = true;
    this.stopListening();
    const pending = this.pending;
    this.pending = undefined;
    if (!pending) return;
    queueMicrotask(() => {
      if (pending.kind === "click" && pending.target.isConnected) pending.target.click();
      if (pending.kind === "submit" && pending.form.isConnected) pending.form.requestSubmit();
    });
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
