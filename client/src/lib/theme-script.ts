/**
 * The theme before the page's code (decision 0035). Built into index.html as an inline script in
 * `<head>` (the Vite plugin in `client/theme-script.ts`), so it must stand alone: no imports,
 * nothing from outside its body; `storageKey` is `THEME_STORAGE_KEY` and `changingClass`
 * `THEME_CHANGING_CLASS` (lib/theme.ts).
 *
 * 1. Before the first paint it colours the page with the visitor's stored choice ('light', 'dark'
 *    or 'system', the operating system's; dark when nothing is stored or storage is closed), so a
 *    light-theme visitor never sees a dark flash.
 * 2. Once the document is parsed, it marks the stored choice's button in the theme toggle as the
 *    pressed one (the server, which cannot know the choice, renders 'Dark theme' pressed).
 * 3. Until the page has hydrated (`<html data-app="ready">`), it answers a press on a theme button
 *    (`data-theme-choice`) itself: stores the choice, recolours the page (with no transitions, as
 *    lib/theme.ts's `applyTheme` does) and moves the pressed state, in the same task as the press, instead of waiting seconds on a phone for the page's
 *    code. React, once it owns the toggle, reads the same stored choice and renders the same state;
 *    the press it is handed afterwards (lib/early-events.ts) chooses what is already chosen.
 *
 * Returns what takes the press handler away again (tests).
 */
export function installTheme(storageKey: string, changingClass: string): () => void {
  const root = document.documentElement;
  const known = (value: string | null | undefined) =>
    value === "light" || value === "system" ? value : "dark";
  let choice = "dark";
  try {
    choice = known(localStorage.getItem(storageKey));
  } catch {
    // Storage closed (a private window): the default.
  }
  let changes = 0;
  const paint = () => {
    const dark =
      choice === "light"
        ? false
        : choice === "system"
          ? matchMedia("(prefers-color-scheme: dark)").matches
          : true;
    root.classList.toggle("dark", dark);
    root.classList.toggle("light", !dark);
  };
  /** A press's change: styled with no transitions, until the frame after the one that shows it. */
  const repaint = () => {
    const change = ++changes;
    root.classList.add(changingClass);
    paint();
    requestAnimationFrame(() =>
      requestAnimationFrame(() => {
        if (change === changes) root.classList.remove(changingClass);
      }),
    );
  };
  const mark = () => {
    for (const button of document.querySelectorAll("[data-theme-choice]")) {
      button.setAttribute("aria-pressed", String(button.getAttribute("data-theme-choice") === choice));
    }
  };
  paint();
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", mark, { once: true });
  else mark();
  const press = (event: Event) => {
    if (root.dataset.app === "ready") {
      removeEventListener("click", press, true);
      return;
    }
    const button = event.target instanceof Element ? event.target.closest("[data-theme-choice]") : null;
    const next = button?.getAttribute("data-theme-choice");
    if (!next) return;
    choice = known(next);
    try {
      localStorage.setItem(storageKey, choice);
    } catch {
      // Storage closed (a private window): the choice still colours this page; React keeps it for the visit.
    }
    repaint();
    mark();
  };
  addEventListener("click", press, { capture: true });
  return () => removeEventListener("click", press, true);
}
