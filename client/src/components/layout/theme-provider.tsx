import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useSyncExternalStore,
} from "react";
import {
  applyTheme,
  DEFAULT_THEME,
  readThemePreference,
  resolveTheme,
  THEME_STORAGE_KEY,
  type ThemePreference,
} from "../../lib/theme";

interface ThemeContextValue {
  preference: ThemePreference;
  setPreference: (preference: ThemePreference) => void;
}

const ThemeContext = createContext<ThemeContextValue | null>(null);
const DARK_QUERY = "(prefers-color-scheme: dark)";

// The stored choice is an outside store: the server (and hydration) see the default, the browser
// then its stored value; the inline script in index.html has already coloured the page before that.
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

  const setPreference = useCallback((next: ThemePreference) => {
    try {
      localStorage.setItem(THEME_STORAGE_KEY, next);
      chosenThisVisit = null;
    } catch {
      // Storage can be unavailable (private mode); the choice still applies to this visit.
      chosenThisVisit = next;
    }
    for (const listener of listeners) listener();
  }, []);

  return <ThemeContext value={{ preference, setPreference }}>{children}</ThemeContext>;
}

export function useTheme(): ThemeContextValue {
  const value = useContext(ThemeContext);
  if (!value) throw new Error("useTheme must be used inside ThemeProvider");
  return value;
}
