import { afterEach, beforeEach, vi } from "vitest";

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
 * For tests of server-rendered sections that hydrate later: a page still hydrating, the fake
 * observer in place, and a fresh container in the body for each test (`container()`).
 */
export function useHydratingPage(): { container: () => HTMLDivElement } {
  let current: HTMLDivElement | undefined;
  beforeEach(() => {
    FakeObserver.instances = [];
    vi.stubGlobal("IntersectionObserver", FakeObserver);
    delete document.documentElement.dataset.app;
    current = document.createElement("div");
    document.body.append(current);
  });
  afterEach(() => {
    current?.remove();
    vi.unstubAllGlobals();
  });
  return {
    container: () => {
      if (!current) throw new Error("container() is for inside a test");
      return current;
    },
  };
}
