import { afterEach, beforeEach, vi } from "vitest";
import { installEarlyEvents } from "../lib/early-events";

/** IntersectionObserver stand-in: the test says when the watched sections come into view. */
export class FakeObserver {
  static instances: FakeObserver[] = [];
  constructor(private readonly callback: IntersectionObserverCallback) {
    FakeObserver.instances.push(this);
  }
  observe() {}
  disconnect() {}
  show() {
    this.callback([{ isIntersecting: true } as IntersectionObserverEntry], this as never);
  }
}

/** Every section watched so far comes into view. */
export function showAll(): void {
  for (const observer of FakeObserver.instances) observer.show();
}

/**
 * For tests of server-rendered sections that hydrate later: a page still hydrating, with the page's
 * early-events capture installed (`ready()` says the page around the sections has hydrated), the
 * fake observer in place, and a fresh container in the body for each test (`container()`).
 */
export function useHydratingPage(): { container: () => HTMLDivElement; ready: () => void } {
  let current: HTMLDivElement | undefined;
  let uninstall = () => {};
  beforeEach(() => {
    uninstall = installEarlyEvents();
    FakeObserver.instances = [];
    vi.stubGlobal("IntersectionObserver", FakeObserver);
    delete document.documentElement.dataset.app;
    current = document.createElement("div");
    document.body.append(current);
  });
  afterEach(() => {
    uninstall();
    current?.remove();
    vi.unstubAllGlobals();
  });
  return {
    ready: () => window.__waveformEvents?.ready(),
    container: () => {
      if (!current) throw new Error("container() is for inside a test");
      return current;
    },
  };
}
