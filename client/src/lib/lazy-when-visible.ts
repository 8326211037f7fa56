import { type ComponentType, type LazyExoticComponent, lazy } from "react";

/** Resolves once the element is within 600 px of the viewport (at once if it is not on the page). */
function whenNearViewport(elementId: string): Promise<void> {
  const element = document.getElementById(elementId);
  if (!element || typeof IntersectionObserver === "undefined") return Promise.resolve();
  return new Promise((resolve) => {
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        resolve();
      },
      { rootMargin: "600px 0px" },
    );
    observer.observe(element);
  });
}

/**
 * Lazy-loads code, never content: the server renders the component into the page; in the browser
 * its code loads (and that part of the page hydrates) only when the server-rendered element
 * `elementId` comes near the viewport. Reached by navigation, the element is not there yet and the
 * code loads at once.
 */
// biome-ignore lint/suspicious/noExplicitAny: the same bound as React.lazy's own
export function lazyWhenVisible<T extends ComponentType<any>>(
  elementId: string,
  load: () => Promise<{ default: T }>,
): LazyExoticComponent<T> {
  return lazy<T>(() => (typeof document === "undefined" ? load() : whenNearViewport(elementId).then(load)));
}
