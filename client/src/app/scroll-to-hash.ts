import { useEffect } from "react";
import { useLocation } from "react-router";
import { prefersReducedMotion } from "../lib/reduced-motion";

const GIVE_UP_AFTER_MS = 3000;

/**
 * Scrolls to the element named by the URL hash (/#dj-section) once it has rendered: route modules
 * load lazily, so the target may appear a moment after the navigation.
 */
export function useScrollToHash(): void {
  const { hash, key } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new navigation (key) to the same hash scrolls again
  useEffect(() => {
    const id = decodeURIComponent(hash.slice(1));
    if (!id) return;
    const started = performance.now();
    let frame = 0;
    const tryScroll = () => {
      const target = document.getElementById(id);
      if (target) {
        target.scrollIntoView({ behavior: prefersReducedMotion() ? "auto" : "smooth", block: "start" });
        return;
      }
      if (performance.now() - started < GIVE_UP_AFTER_MS) frame = requestAnimationFrame(tryScroll);
    };
    tryScroll();
    return () => cancelAnimationFrame(frame);
  }, [hash, key]);
}
