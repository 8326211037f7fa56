/** Where the choice is kept; the inline theme script (theme-script.ts) is built with the same key. */
export const THEME_STORAGE_KEY = "waveform-theme";

const THEME_PREFERENCES = ["light", "dark", "system"] as const;
export type ThemePreference = (typeof THEME_PREFERENCES)[number];
type ResolvedTheme = "light" | "dark";

export const DEFAULT_THEME: ThemePreference = "dark";

export function parseThemePreference(value: string | null | undefined): ThemePreference {
  return THEME_PREFERENCES.find((preference) => preference === value) ?? DEFAULT_THEME;
}

export function readThemePreference(storage: Pick<Storage, "getItem"> = localStorage): ThemePreference {
  try {
    return parseThemePreference(storage.getItem(THEME_STORAGE_KEY));
  } catch {
    return DEFAULT_THEME;
  }
}

export function resolveTheme(preference: ThemePreference, systemPrefersDark: boolean): ResolvedTheme {
  if (preference === "system") return systemPrefersDark ? "dark" : "light";
  return preference;
}

/**
 * On the root element while the theme changes: the transition utilities run none (globals.css).
 * Every control that fades its colours on hover (`transition-colors`) would otherwise start a transition
 * of each colour the theme changes: styling the home page in its new theme took 15-28 ms on a
 * desktop instead of 6, and the colours then went on changing, restyled, for several frames.
 * The inline theme script (theme-script.ts) is built with the same class.
 */
export const THEME_CHANGING_CLASS = "theme-changing";

/** Changes made so far: a later change keeps the root's THEME_CHANGING_CLASS until its own frames. */
let changes = 0;

/**
 * Puts exactly one of `dark` / `light` on the root element. A change is styled with no transitions:
 * THEME_CHANGING_CLASS stays on until the frame after the one that shows it (`frame`: the browser's
 * next animation frame).
 */
export function applyTheme(
  theme: ResolvedTheme,
  root: HTMLElement = document.documentElement,
  frame: (callback: () => void) => void = (callback) => requestAnimationFrame(callback),
): void {
  const other = theme === "dark" ? "light" : "dark";
  if (root.classList.contains(theme) && !root.classList.contains(other)) return;
  const change = ++changes;
  root.classList.add(THEME_CHANGING_CLASS);
  root.classList.add(theme);
  root.classList.remove(other);
  frame(() =>
    frame(() => {
      if (change === changes) root.classList.remove(THEME_CHANGING_CLASS);
    }),
  );
}
