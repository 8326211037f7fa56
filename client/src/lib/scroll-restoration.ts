import { useEffect, useLayoutEffect } from "react";
import { useLocation } from "react-router";

const STORAGE_KEY = "waveform-scroll-positions";

/** The last scroll position of each path, for this tab (kept across reloads, as history is). */
const positions = new Map<string, number>();
let storedRead = false;
/** The path on screen; null until the first render (hydration) has committed. */
let shown: string | null = null;

function readStored(): void {
  if (storedRead) return;
  storedRead = true;
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? "{}");
    if (stored && typeof stored === "object") {
      for (const [path, y] of Object.entries(stored)) if (typeof y === "number") positions.set(path, y);
    }
  } catch {
    // Storage unavailable or unreadable: start with no positions.
  }
}

function store(): void {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(Object.fromEntries(positions)));
  } catch {
    // Storage unavailable or full: positions last as long as the page.
  }
}

/**
 * Scroll position per path across client-side navigations, as React Router's `ScrollRestoration`
 * with `getKey={(location) => location.pathname}` did in data mode: a page shown again is scrolled
 * to where the visitor left it; another page opens at its hash's element or at the top; a change
 * within the same path (a search parameter, a hash) leaves the scroll alone (`useScrollToHash`
 * scrolls to hashes). The first render (hydration) leaves the browser's position alone. Used by
 * both layouts (the site's and the console's).
 */
export function useScrollRestoration(): void {
  const { pathname, hash } = useLocation();

  useEffect(() => {
    readStored();
    window.history.scrollRestoration = "manual";
    const onScroll = () => {
      if (shown !== null) positions.set(shown, window.scrollY);
    };
    const onPageHide = () => {
      onScroll();
      store();
      window.history.scrollRestoration = "auto";
    };
    window.addEventListener("scroll", onScroll, { passive: true });
    window.addEventListener("pagehide", onPageHide);
    return () => {
      window.removeEventListener("scroll", onScroll);
      window.removeEventListener("pagehide", onPageHide);
      window.history.scrollRestoration = "auto";
    };
  }, []);

  useLayoutEffect(() => {
    const previous = shown;
    shown = pathname;
    if (previous === null || previous === pathname) return;
    const saved = positions.get(pathname);
    if (saved !== undefined) {
      window.scrollTo(0, saved);
      return;
    }
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [pathname, hash]);
}
