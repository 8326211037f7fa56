import { type ComponentType, type LazyExoticComponent, lazy } from "react";

/**
 * Resolves once the element is within 300 px of the viewport, or once it has left the page (the
 * visitor navigated away before scrolling there: the next visit renders the component at once), or
 * at once if it is not on the page.
 */
function whenNearViewport(elementId: string): Promise<void> {
  const element = document.getElementById(elementId);
  if (!element || typeof IntersectionObserver === "undefined") return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      observer.disconnect();
      removal.disconnect();
      resolve();
    };
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) done();
      },
      { rootMargin: "300px 0px" },
    );
    const removal = new MutationObserver(() => {
      if (!element.isConnected) done();
    });
    observer.observe(element);
    removal.observe(document.body, { childList: true, subtree: true });
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
