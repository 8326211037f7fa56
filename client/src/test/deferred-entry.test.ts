import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { deferEntryScript } from "../../deferred-entry";
import { startAfterPaint } from "../lib/start-after-paint";

const BUILT = `<head><script>theme()</script><script type="module" crossorigin src="/assets/index-abc.js"></script><link rel="stylesheet" href="/assets/app.css"></head>`;

describe("deferEntryScript", () => {
  it("replaces the entry module script with an inline script that starts it after the first paint", () => {
    const html = deferEntryScript(BUILT);
    expect(html).not.toContain('<script type="module"');
    expect(html).toMatch(
      /<script>\(function startAfterPaint\(src, fallbackMs, codeElementId\) \{[\s\S]*\}\)\("\/assets\/index-abc\.js", 3000, "page-code"\);<\/script><link/,
    );
    expect(html.startsWith("<head><script>theme()</script>")).toBe(true);
  });

  it("refuses an index.html without an entry script", () => {
    expect(() => deferEntryScript("<head></head>")).toThrow(/no entry/);
  });
});

type PaintCallback = (
  list: { getEntriesByName: (name: string) => unknown[] },
  observer: { disconnect: () => void },
) => void;

describe("startAfterPaint", () => {
  let paint: PaintCallback | undefined;
  let disconnected = 0;
  const entryScripts = () => [...document.head.querySelectorAll('script[type="module"]')];

  class FakeObserver {
    static supportedEntryTypes = ["paint", "largest-contentful-paint"];
    constructor(callback: PaintCallback) {
      paint = callback;
    }
    observe(options: { type: string; buffered: boolean }) {
      expect(options).toEqual({ type: "paint", buffered: true });
    }
  }
  const painted = (...names: string[]) =>
    paint?.(
      { getEntriesByName: (name) => names.filter((one) => one === name) },
      { disconnect: () => disconnected++ },
    );

  beforeEach(() => {
    vi.useFakeTimers();
    paint = undefined;
    disconnected = 0;
    vi.stubGlobal("PerformanceObserver", FakeObserver);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    for (const element of document.head.querySelectorAll('script, link[rel="modulepreload"]'))
      element.remove();
  });
  const preloads = () =>
    [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((link) => ({
      href: link.getAttribute("href"),
      crossOrigin: link.getAttribute("crossorigin"),
    }));
  const listCode = (text: string) => {
    const list = document.createElement("script");
    list.id = "page-code";
    list.type = "application/json";
    list.textContent = text;
    document.head.append(list);
  };

  it("asks for the page's listed code with the entry, not before", () => {
    listCode('["/assets/app.js","/assets/genres.js"]');
    startAfterPaint("/assets/index-abc.js", 3000, "page-code");
    expect(preloads()).toEqual([]);
    painted("first-contentful-paint");
    expect(entryScripts()).toHaveLength(1);
    expect(preloads()).toEqual([
      { href: "/assets/app.js", crossOrigin: "" },
      { href: "/assets/genres.js", crossOrigin: "" },
    ]);
  });

  it("asks for a long list a few files per task, in the list's order, so a tap waits for one batch at most", () => {
    const files = Array.from({ length: 7 }, (_, index) => `/assets/chunk-${index}.js`);
    listCode(JSON.stringify(files));
    startAfterPaint("/assets/index-abc.js", 3000, "page-code");
    painted("first-contentful-paint");
    const asked = () => preloads().map((link) => link.href);
    expect(entryScripts()).toHaveLength(1);
    expect(asked()).toEqual(files.slice(0, 3));
    vi.advanceTimersToNextTimer();
    expect(asked()).toEqual(files.slice(0, 6));
    vi.advanceTimersToNextTimer();
    expect(asked()).toEqual(files);
    vi.runAllTimers();
    expect(asked()).toEqual(files);
  });

  it("still starts the entry when the list cannot be read, or holds something other than addresses", () => {
    listCode("[not json");
    startAfterPaint("/assets/index-abc.js", 3000, "page-code");
    painted("first-contentful-paint");
    expect(entryScripts()).toHaveLength(1);
    expect(preloads()).toEqual([]);
    document.getElementById("page-code")?.remove();
    for (const script of entryScripts()) script.remove();
    listCode('[1, {"href": "/x.js"}, "/assets/app.js"]');
    startAfterPaint("/assets/index-abc.js", 3000, "page-code");
    painted("first-contentful-paint");
    expect(preloads()).toEqual([{ href: "/assets/app.js", crossOrigin: "" }]);
  });

  it("adds the entry once the first contentful paint is reported, and only once", () => {
    startAfterPaint("/assets/index-abc.js", 3000, "page-code");
    expect(entryScripts()).toHaveLength(0);
    painted("first-paint");
    expect(entryScripts()).toHaveLength(0);
    painted("first-contentful-paint");
    expect(disconnected).toBe(1);
    const [script] = entryScripts();
    expect(script?.getAttribute("src")).toBe("/assets/index-abc.js");
    expect(script?.getAttribute("crossorigin")).toBe("");
    vi.advanceTimersByTime(5000);
    document.dispatchEvent(new KeyboardEvent("keydown", { bubbles: true }));
    expect(entryScripts()).toHaveLength(1);
  });

  it("starts on the visitor's first key or touch before the paint", () => {
    startAfterPaint("/assets/index-abc.js", 3000, "page-code");
    document.body.dispatchEvent(new Event("pointerdown", { bubbles: true }));
    expect(entryScripts()).toHaveLength(1);
    painted("first-contentful-paint");
    expect(entryScripts()).toHaveLength(1);
  });

  it("starts after the fallback when no paint is reported", () => {
    startAfterPaint("/assets/index-abc.js", 3000, "page-code");
    vi.advanceTimersByTime(2999);
    expect(entryScripts()).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(entryScripts()).toHaveLength(1);
  });

  it("starts at once where paints cannot be observed", () => {
    vi.stubGlobal("PerformanceObserver", undefined);
    startAfterPaint("/assets/index-abc.js", 3000, "page-code");
    expect(entryScripts()).toHaveLength(1);
  });

  it("starts at once in a page that is not visible (a background tab paints nothing)", () => {
    const visibility = vi.spyOn(document, "visibilityState", "get").mockReturnValue("hidden");
    startAfterPaint("/assets/index-abc.js", 3000, "page-code");
    expect(entryScripts()).toHaveLength(1);
    expect(paint).toBeUndefined();
    visibility.mockRestore();
  });
});
