import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterEach, beforeEach } from "vitest";

// findBy…/waitFor wait up to 1 s by default. Screens that load their form code lazily can take
// longer than that on a busy 2-core CI machine while Vitest runs other files beside them; a wait
// that ends early still fails, only later.
configure({ asyncUtilTimeout: 5000 });

/** jsdom has no matchMedia; this one answers "no" to every query unless a test sets `mediaMatches`. */
export const mediaMatches = new Set<string>();

function installMatchMedia() {
  window.matchMedia = (query: string) =>
    ({
      matches: mediaMatches.has(query),
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

beforeEach(() => {
  // A build-time test (`@vitest-environment node`: the Vite plugins) has no page.
  if (typeof window === "undefined") return;
  installMatchMedia();
  localStorage.clear();
  document.documentElement.className = "";
});

afterEach(() => {
  if (typeof window === "undefined") return;
  cleanup();
  mediaMatches.clear();
});
