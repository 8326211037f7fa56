/**
 * The page's scripts start once the server-rendered page has painted (decision 0019). Built into
 * index.html as an inline script in place of the entry's `<script type="module">` (the Vite plugin
 * in `client/deferred-entry.ts`), so it must stand alone: no imports, nothing from outside its body.
 *
 * The page is whole without its scripts; they only make it interactive. Fetched at once, they
 * compete with the page's CSS and first image on a slow connection, and whenever they happen to
 * finish before the first paint, Lighthouse's simulated phone counts all ~120 KB as needed for that
 * paint (FCP about 0.5 s and LCP about 0.9 s later than when they finish after it). So the entry is
 * added when the first contentful paint is reported; at once when the browser cannot report paints
 * or the page is not visible (a background tab paints nothing); on the visitor's first touch, key
 * or click if that comes first; and after `fallbackMs` in any case.
 *
 * With the entry it asks for the rest of the page's code, which the server lists in the element
 * `codeElementId` (JSON: the files the entry imports, and the page's screens' files): all of it
 * straight away, as `modulepreload` (a few links per task, see below), rather than each level of
 * imports only once the file before it has arrived and the entry has run. A page without the list
 * (the bare shell) loads its code as the imports ask.
 */
export function startAfterPaint(src: string, fallbackMs: number, codeElementId: string): void {
  // Inside the function: it is built into the page as its source alone.
  const PRELOADS_PER_TASK = 3;
  let started = false;
  const events = ["pointerdown", "keydown", "touchstart", "focusin"];
  const start = () => {
    if (started) return;
    started = true;
    for (const type of events) removeEventListener(type, start, true);
    const script = document.createElement("script");
    script.type = "module";
    script.crossOrigin = "";
    script.src = src;
    document.head.append(script);
    let code: unknown = [];
    try {
      code = JSON.parse(document.getElementById(codeElementId)?.textContent ?? "[]");
    } catch {
      // an unreadable list: the code loads as the imports ask for it
    }
    const hrefs = (Array.isArray(code) ? code : []).filter((href) => typeof href === "string");
    // Each link starts its request there and then, and at a phone's 4× slower CPU each cost the
    // page about 4 ms: a page's 21 in one task held a tap for 60–130 ms. So a few per task, in the
    // list's order (the entry's own imports first), and a tap waits for one batch at most.
    const preload = (from: number) => {
      for (const href of hrefs.slice(from, from + PRELOADS_PER_TASK)) {
        const link = document.createElement("link");
        link.rel = "modulepreload";
        link.crossOrigin = "";
        link.href = href;
        document.head.append(link);
      }
      if (from + PRELOADS_PER_TASK < hrefs.length) setTimeout(() => preload(from + PRELOADS_PER_TASK), 0);
    };
    preload(0);
  };
  const paints = typeof PerformanceObserver === "function" ? PerformanceObserver.supportedEntryTypes : [];
  if (!paints?.includes("paint") || document.visibilityState !== "visible") {
    start();
    return;
  }
  for (const type of events) addEventListener(type, start, { capture: true, passive: true });
  setTimeout(start, fallbackMs);
  new PerformanceObserver((list, observer) => {
    if (list.getEntriesByName("first-contentful-paint").length === 0) return;
    observer.disconnect();
    // The observer's callback runs after the paint was presented: the request starts after it.
    start();
  }).observe({ type: "paint", buffered: true });
}
