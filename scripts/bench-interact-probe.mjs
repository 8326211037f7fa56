// The in-page half of `npm run bench:interact` (bench-interact.mjs): `pageScript()` is installed
// as a script to run on each new document (CDP `Page.addScriptToEvaluateOnNewDocument`), before any
// of the page's own scripts (including its inline early-events script): `probe`, and the journeys'
// finders and effects on `window.__benchPage`, which the bench's in-page waits call by name.
// Everything here but `pageScript` is browser code, passed to the page as source: no imports, no
// closures.
// Times are `performance.now()` (or an event's `timeStamp`), i.e. milliseconds from the
// navigation's timeOrigin.

/**
 * Records on `window.__bench`: `firstControl`, the first frame in which a control (a button, a tab,
 * a field, or a link in `main`) is rendered and visible in the viewport; `hydrated`, when
 * `<html data-app>` became "ready"; FCP and LCP; every Event Timing entry of an interaction
 * (duration ≥ 16 ms, the API's floor) and the first input's; and each trusted press and key the
 * visitor made (its `timeStamp`, and whether it landed inside the control a journey aimed at).
 */
export function probe() {
  if (window.top !== window) return;
  const bench = {
    firstControl: null,
    firstControlWhat: null,
    hydrated: null,
    fcp: null,
    lcp: null,
    events: [],
    inputs: [],
    target: null,
    effectAt: null,
    cardsBefore: 0,
    cardsParsed: 0,
    lastPlace: null,
  };
  Object.defineProperty(window, "__bench", { value: bench });

  const CONTROLS = "button, [role=tab], input:not([type=hidden]), select, textarea, main a[href]";
  const shown = (element) => {
    const box = element.getBoundingClientRect();
    if (box.width <= 0 || box.height <= 0) return false;
    if (box.bottom <= 0 || box.right <= 0 || box.top >= innerHeight || box.left >= innerWidth) return false;
    return getComputedStyle(element).visibility !== "hidden";
  };
  // Looked for in animation frames: a frame is where the browser is about to paint, so a control
  // found there is on screen in that frame (no frame runs while the first paint is held back by
  // render-blocking styles). Stops at the first.
  const look = () => {
    if (bench.firstControl !== null) return;
    for (const element of document.querySelectorAll(CONTROLS)) {
      if (!shown(element)) continue;
      bench.firstControl = performance.now();
      bench.firstControlWhat = `${element.tagName.toLowerCase()} ${(element.getAttribute("aria-label") ?? element.textContent ?? "").trim().slice(0, 40)}`;
      return;
    }
    requestAnimationFrame(look);
  };
  requestAnimationFrame(look);

  // `data-app="ready"` on <html> (the <html> element may not exist yet: watch the whole document).
  new MutationObserver(() => {
    if (bench.hydrated === null && document.documentElement?.dataset.app === "ready") {
      bench.hydrated = performance.now();
    }
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-app"] });

  // The whole list the server sent, once the document is parsed: the visitor may find the search
  // field and start typing before the cards below it have been parsed (at 4×, with none or one of
  // twelve), so the count when the field was found is no measure of the unfiltered list.
  document.addEventListener("DOMContentLoaded", () => {
    bench.cardsParsed = document.querySelectorAll("main article").length;
  });

  const observe = (type, onEntry, options = {}) => {
    try {
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) onEntry(entry);
      }).observe({ type, buffered: true, ...options });
    } catch {
      // an entry type this browser lacks: its figure stays null
    }
  };
  observe("paint", (entry) => {
    if (entry.name === "first-contentful-paint") bench.fcp = entry.startTime;
  });
  observe("largest-contentful-paint", (entry) => {
    bench.lcp = entry.startTime;
  });
  const recordEvent = (entry) => {
    if (!entry.interactionId) return;
    bench.events.push({
      type: entry.entryType,
      name: entry.name,
      interactionId: entry.interactionId,
      startTime: entry.startTime,
      duration: entry.duration,
      inputDelay: entry.processingStart - entry.startTime,
    });
  };
  observe("event", recordEvent, { durationThreshold: 16 });
  observe("first-input", recordEvent);

  // Installed before the page's own capture listeners on window, so this one sees every press and
  // key even when the page holds them back.
  for (const type of ["pointerdown", "keydown"]) {
    window.addEventListener(
      type,
      (event) => {
        if (!event.isTrusted) return;
        const onTarget =
          bench.target === null || (event.target instanceof Node && bench.target.contains(event.target));
        bench.inputs.push({
          type,
          at: event.timeStamp,
          onTarget,
          // what was pressed instead (the page moved under the pointer)
          hit: onTarget || !(event.target instanceof Element) ? null : event.target.outerHTML.slice(0, 120),
        });
      },
      { capture: true },
    );
  }
}

/**
 * Run in the page in every animation frame until it answers: the journey's control (found by its
 * finder) once it is shown in the viewport and has stayed in the same place for two frames (as
 * Playwright's own "stable"), as the point to press (its centre) and the time it was found; scrolled
 * into view first when it is rendered below the fold. Null until then. Also notes how many cards
 * `main` lists at that moment (`searchFiltered` compares with it).
 */
export function locate(element) {
  if (!element) return null;
  const box = element.getBoundingClientRect();
  if (box.width <= 0 || box.height <= 0 || getComputedStyle(element).visibility === "hidden") return null;
  if (box.top < 0 || box.bottom > innerHeight || box.left < 0 || box.right > innerWidth) {
    element.scrollIntoView({ block: "center" });
    return null;
  }
  const place = `${box.left},${box.top},${box.width},${box.height}`;
  const before = window.__bench.lastPlace;
  window.__bench.lastPlace = { element, place };
  if (before?.element !== element || before.place !== place) return null;
  window.__bench.target = element;
  window.__bench.cardsBefore = document.querySelectorAll("main article").length;
  return { x: box.left + box.width / 2, y: box.top + box.height / 2, at: performance.now() };
}

// The journeys' controls and effects (sources sent to the page; `arg` is the journey's).

/** The `arg`th tab (0-based) of the page. */
export function nthTab(index) {
  return document.querySelectorAll("[role=tab]")[index] ?? null;
}

/** The tab named `name`. */
export function tabNamed(name) {
  return [...document.querySelectorAll("[role=tab]")].find((tab) => tab.textContent.trim() === name) ?? null;
}

/** A button whose accessible text starts with `name` (its label, or its text). */
export function buttonNamed(name) {
  return (
    [...document.querySelectorAll("button")].find((button) =>
      (button.getAttribute("aria-label") ?? button.textContent ?? "").trim().startsWith(name),
    ) ?? null
  );
}

/** The search field in `main` (the page's own search, not the header's). */
export function mainSearch() {
  return document.querySelector("main input[type=search]");
}

/** The header's site search field (the plain form's field, or the combobox it becomes). */
export function headerSearch() {
  return document.querySelector("header input[type=search]");
}

/** The `arg`th tab is selected. */
export function nthTabSelected(index) {
  return document.querySelectorAll("[role=tab]")[index]?.getAttribute("aria-selected") === "true";
}

/** The tab named `name` is selected. */
export function tabNamedSelected(name) {
  const tab = [...document.querySelectorAll("[role=tab]")].find((one) => one.textContent.trim() === name);
  return tab?.getAttribute("aria-selected") === "true";
}

/** The button whose text starts with `name` is pressed. */
export function buttonNamedPressed(name) {
  const button = [...document.querySelectorAll("button")].find((one) =>
    (one.getAttribute("aria-label") ?? one.textContent ?? "").trim().startsWith(name),
  );
  return button?.getAttribute("aria-pressed") === "true";
}

/**
 * The page's search field holds `text` and the list in `main` shows fewer cards than it did
 * unfiltered: when the visitor started typing (`window.__bench.cardsBefore`) or, if more, once the
 * server's page was parsed (`cardsParsed`; nothing filters the list before the page's code runs).
 */
export function searchFiltered(text) {
  const field = document.querySelector("main input[type=search]");
  const cards = document.querySelectorAll("main article").length;
  return field?.value === text && cards < Math.max(window.__bench.cardsBefore, window.__bench.cardsParsed);
}

/**
 * The header's search holds `text` and suggests: its combobox is expanded (its first option, a
 * search for the text, shows as soon as there is text; the results follow the server's answer).
 */
export function headerSuggesting(text) {
  const field = document.querySelector("header input[role=combobox]");
  return field?.value === text && field.getAttribute("aria-expanded") === "true";
}

/** A dialog whose text includes `title` is open and shown. */
export function dialogOpen(title) {
  return [...document.querySelectorAll("[role=dialog], dialog[open]")].some(
    (dialog) => dialog.getBoundingClientRect().height > 0 && dialog.textContent.includes(title),
  );
}

/** The in-page functions the bench calls by name (`window.__benchPage[name]`). */
export const PAGE_FUNCTIONS = {
  locate,
  nthTab,
  tabNamed,
  buttonNamed,
  mainSearch,
  headerSearch,
  nthTabSelected,
  tabNamedSelected,
  buttonNamedPressed,
  searchFiltered,
  headerSuggesting,
  dialogOpen,
};

/** The init script's source: runs `probe`, then puts `functions` on `window.__benchPage`. */
export function pageScript(functions = PAGE_FUNCTIONS) {
  const entries = Object.entries(functions).map(([name, fn]) => `${JSON.stringify(name)}: ${fn}`);
  return `(${probe})();\nObject.defineProperty(window, "__benchPage", { value: { ${entries.join(", ")} } });\n`;
}
