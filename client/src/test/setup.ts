import "@testing-library/jest-dom/vitest";
import { cleanup } from "@testing-library/react";
import { afterEach, beforeEach } from "vitest";

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
  installMatchMedia();
  localStorage.clear();
  document.documentElement.className = "";
});

afterEach(() => {
  cleanup();
  mediaMatches.clear();
});
