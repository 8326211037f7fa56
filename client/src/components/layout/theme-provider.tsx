import { type ReactNode, useEffect, useSyncExternalStore } from "react";
import {
  applyTheme,
  DEFAULT_THEME,
  readThemePreference,
  resolveTheme,
  THEME_STORAGE_KEY,
  type ThemePreference,
} from "../../lib/theme";

interface ThemeChoice {
  preference: ThemePreference;
  setPreference: (preference: ThemePreference) => void;
}

const DARK_QUERY = "(prefers-color-scheme: dark)";

// The stored choice is an outside store: the server (and hydration) see the default, the browser
// then its stored value; the inline theme script (lib/theme-script.ts) has already coloured the page,
// and answered a press made before the page's code, with the same stored value.
const listeners = new Set<() => void>();
let chosenThisVisit: ThemePreference | null = null;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === THEME_STORAGE_KEY) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

const browserPreference = () => chosenThisVisit ?? readThemePreference();
const serverPreference = () => DEFAULT_THEME;

/**
 * Keeps the page's colours in step with the visitor's preference (and, for 'system', with the
 * operating system's). It holds no context: components read the preference with `useTheme`, each
 * from the store itself. While hydrating, the stored preference differs from the server's default
 * and React renders once more with it; through a context, that change would reach into every part
 * of the page not yet hydrated (React cannot see which parts read it) and make React render those
 * parts on the spot, replacing their server HTML — and with it a tap held on one of them
 * (a light-theme visitor's early 'Play' in a deferred section was lost in 6 of 12 tries).
 */
export function ThemeProvider({ children }: { children: ReactNode }) {
  const preference = useSyncExternalStore(subscribe, browserPreference, serverPreference);

  useEffect(() => {
    const media = window.matchMedia(DARK_QUERY);
    // The browser's own preference, not the one rendered: while hydrating, React renders the
    // server's default first and this effect runs once with it. Applying that would switch a
    // light page to dark and back (the colours' transitions running between, a flash a visitor
    // and axe can catch) before the re-render with the stored preference.
    const update = () => applyTheme(resolveTheme(browserPreference(), media.matches));
    update();
    if (preference !== "system") return;
    media.addEventListener("change", update);
    return () => media.removeEventListener("change", update);
  }, [preference]);

  return children;
}

function setPreference(next: ThemePreference): void {
  try {
    localStorage.setItem(THEME_STORAGE_KEY, next);
    chosenThisVisit = null;
  } catch {
    // Storage can be unavailable (private mode); the choice still applies to this visit.
    chosenThisVisit = next;
  }
  for (const listener of listeners) listener();
}

/** The visitor's theme preference, and how to change it. */
export function useTheme(): ThemeChoice {
  const preference = useSyncExternalStore(subscribe, browserPreference, serverPreference);
  return { preference, setPreference };
}
