import { act } from "@testing-library/react";
import { lazy, type ReactNode, useEffect, useLayoutEffect, useState } from "react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { installEarlyEvents } from "./early-events";
import { HydrationRegion, whenRegionsHydrated } from "./hydration-region";

/** Notes when its part of the page has hydrated (its layout effect: its commit). */
function Hydrates({ name, log }: { name: string; log: string[] }) {
  useLayoutEffect(() => {
    log.push(name);
  }, [name, log]);
  return null;
}

/** The page's root: once its shell has committed, waits for its regions, as client/src/main.tsx does. */
function Shell({ log, onReady }: { log: string[]; onReady: () => void }) {
  useEffect(() => {
    log.push("shell");
    whenRegionsHydrated(onReady);
  }, [log, onReady]);
  return null;
}

function Counter() {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount(count + 1)}>
      Pressed {count}
    </button>
  );
}

function Page({ log, onReady }: { log: string[]; onReady: () => void }) {
  return (
    <main>
      <Shell log={log} onReady={onReady} />
      <h1>Shop</h1>
      <HydrationRegion>
        <Hydrates name="cart" log={log} />
        <Counter />
        <HydrationRegion>
          <Hydrates name="inside the cart" log={log} />
        </HydrationRegion>
      </HydrationRegion>
      <HydrationRegion>
        <Hydrates name="grid" log={log} />
        <p>Forty products</p>
      </HydrationRegion>
    </main>
  );
}

const serverHtml = () => renderToString(<Page log={[]} onReady={() => {}} />);

describe("HydrationRegion", () => {
  let container: HTMLDivElement | undefined;
  let uninstall = () => {};
  afterEach(() => {
    uninstall();
    container?.remove();
  });

  const serve = () => {
    container = document.createElement("div");
    container.innerHTML = serverHtml();
    document.body.append(container);
    return container;
  };

  it("hydrates the shell first, each region after it, and tells the page once every region has", async () => {
    const page = serve();
    const log: string[] = [];
    const onReady = vi.fn(() => log.push("ready"));
    // As in a browser: React's own scheduler, each pass a task of its own (act would run them as one).
    const actEnvironment = Reflect.get(globalThis, "IS_REACT_ACT_ENVIRONMENT");
    Reflect.set(globalThis, "IS_REACT_ACT_ENVIRONMENT", false);
    try {
      hydrateRoot(page, <Page log={log} onReady={onReady} />);
      await vi.waitFor(() => expect(onReady).toHaveBeenCalledTimes(1));
      await new Promise((resolve) => setTimeout(resolve, 20));
    } finally {
      Reflect.set(globalThis, "IS_REACT_ACT_ENVIRONMENT", actEnvironment);
    }
    expect(onReady).toHaveBeenCalledTimes(1);
    expect(log[0]).toBe("shell");
    expect(log.at(-1)).toBe("ready");
    expect([...log].sort()).toEqual(["cart", "grid", "inside the cart", "ready", "shell"]);
    expect(page.querySelector("p")?.textContent).toBe("Forty products");
  });

  it("is ready at once on a page rendered in the browser (no region waits)", async () => {
    container = document.createElement("div");
    document.body.append(container);
    const onReady = vi.fn();
    const { createRoot } = await import("react-dom/client");
    const root = createRoot(container);
    await act(async () => root.render(<Page log={[]} onReady={onReady} />));
    await act(() => vi.waitFor(() => expect(onReady).toHaveBeenCalledTimes(1)));
    await act(async () => root.unmount());
  });

  it("stops waiting for a region removed before it could hydrate (a tab switched away from its panel)", async () => {
    /** Code that never arrives: the region stays the server's until it is removed. */
    const NeverLoaded = lazy(() => new Promise<{ default: () => ReactNode }>(() => {}));
    let hide = () => {};
    const log: string[] = [];
    function Panel({ onReady, content }: { onReady: () => void; content: ReactNode }) {
      const [shown, setShown] = useState(true);
      hide = () => setShown(false);
      return (
        <main>
          <Shell log={log} onReady={onReady} />
          {shown && <HydrationRegion>{content}</HydrationRegion>}
        </main>
      );
    }
    container = document.createElement("div");
    container.innerHTML = renderToString(<Panel onReady={() => {}} content={<p>Second artist</p>} />);
    document.body.append(container);
    const onReady = vi.fn();
    const page = container;
    await act(async () => {
      hydrateRoot(page, <Panel onReady={onReady} content={<NeverLoaded />} />);
    });
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(onReady).not.toHaveBeenCalled();
    await act(async () => hide());
    await act(() => vi.waitFor(() => expect(onReady).toHaveBeenCalledTimes(1)));
  });

  it("takes a tap held before the code ran as soon as React listens, without waiting for the page", async () => {
    uninstall = installEarlyEvents();
    const page = serve();
    const press = page.querySelector("button") as HTMLButtonElement;
    press.click();
    expect(window.__waveformEvents?.pending()).toBe(1);
    await act(async () => {
      hydrateRoot(page, <Page log={[]} onReady={() => {}} />);
      // As main.tsx: React listens from here; `ready` (the whole page) is never called in this test.
      window.__waveformEvents?.listening();
    });
    await act(() => vi.waitFor(() => expect(press.textContent).toBe("Pressed 1")));
    expect(window.__waveformEvents?.pending()).toBe(0);
    // From now on React takes taps itself.
    await act(async () => press.click());
    expect(press.textContent).toBe("Pressed 2");
  });
});
