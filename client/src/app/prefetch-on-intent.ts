import type { QueryClient } from "@tanstack/react-query";
import { readRouteData } from "./route-data";
import { routeReads } from "./router";

/**
 * The address a link leads to on this site, or null: another origin, a download, a new tab, or the
 * page already shown.
 */
function inSiteTarget(link: HTMLAnchorElement): URL | null {
  if (link.target && link.target !== "_self") return null;
  if (link.hasAttribute("download")) return null;
  const url = new URL(link.href, window.location.href);
  if (url.origin !== window.location.origin) return null;
  if (url.pathname === window.location.pathname && url.search === window.location.search) return null;
  return url;
}

/**
 * Reads ahead what the page behind a link shows (its route's declared reads and its screen's code)
 * when the link is hovered or focused, so that the click finds them there (decision 0021). Each
 * address is read at most once at a time; what is held already is not read again (data never
 * goes stale: see lib/query-client.ts).
 */
let listening = false;
export function prefetchOnIntent(queryClient: QueryClient): void {
  if (listening) return; // React's StrictMode runs effects twice in development
  listening = true;
  const started = new Set<string>();
  const intent = (event: Event) => {
    const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
    if (!(link instanceof HTMLAnchorElement)) return;
    const url = inSiteTarget(link);
    if (!url) return;
    const address = url.pathname + url.search;
    if (started.has(address)) return;
    started.add(address);
    routeReads(url.pathname, url.searchParams)
      .then((reads) => readRouteData(queryClient, reads))
      .catch(() => undefined) // a chunk that failed to load: the click will say so
      .finally(() => started.delete(address));
  };
  document.addEventListener("pointerover", intent, { passive: true });
  document.addEventListener("focusin", intent);
}
