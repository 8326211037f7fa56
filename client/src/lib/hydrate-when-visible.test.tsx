import { act } from "@testing-library/react";
import { useEffect, useLayoutEffect, useState } from "react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { FakeObserver, showAll, useHydratingPage } from "../test/deferred-sections";
import { HydrateWhenVisible } from "./hydrate-when-visible";

function Page({ onPlay }: { onPlay: () => void }) {
  const [plays, setPlays] = useState(0);
  return (
    <main>
      <h1>Podcasts</h1>
      <HydrateWhenVisible anchorId="later-heading">
        <section aria-labelledby="later-heading">
          <h2 id="later-heading">Latest Episodes</h2>
          <button
            type="button"
            onClick={() => {
              setPlays(plays + 1);
              onPlay();
            }}
          >
            Play ({plays})
          </button>
        </section>
      </HydrateWhenVisible>
    </main>
  );
}

/**
 * A visitor's tap that lands just after the section has hydrated (its commit) and before React's
 * passive effects run: clicked from a microtask queued by a layout effect inside the section.
 * `onEffects` runs with the section's passive effects (the gate's run in the same flush, after it).
 */
function TapAfterCommit({ tap, onEffects }: { tap: boolean; onEffects: () => void }) {
  useLayoutEffect(() => {
    if (tap) queueMicrotask(() => document.querySelector<HTMLButtonElement>("main button")?.click());
  }, [tap]);
  useEffect(() => {
    if (tap) onEffects();
  }, [tap, onEffects]);
  return null;
}

function PageTappedOnHydration({
  onPlay,
  tap,
  onEffects = () => {},
}: {
  onPlay: () => void;
  tap: boolean;
  onEffects?: () => void;
}) {
  return (
    <main>
      <HydrateWhenVisible anchorId="later-heading">
        <section aria-labelledby="later-heading">
          <h2 id="later-heading">Latest Episodes</h2>
          <button type="button" onClick={onPlay}>
            Play
          </button>
          <TapAfterCommit tap={tap} onEffects={onEffects} />
        </section>
      </HydrateWhenVisible>
    </main>
  );
}

const hydrated = (element: Element) => Object.keys(element).some((key) => key.startsWith("__reactFiber"));

describe("HydrateWhenVisible", () => {
  const page = useHydratingPage();

  it("keeps the server's HTML and hydrates it only when it comes into view", async () => {
    const container = page.container();
    const onPlay = vi.fn();
    container.innerHTML = renderToString(<Page onPlay={onPlay} />);
    const errors = vi.spyOn(console, "error");
    await act(async () => {
      hydrateRoot(container, <Page onPlay={onPlay} />);
    });
    const button = container.querySelector("button") as HTMLButtonElement;
    expect(button.textContent).toBe("Play (0)");
    expect(hydrated(container.querySelector("h1") as Element)).toBe(true);
    expect(hydrated(button)).toBe(false);

    await act(async () => {
      showAll();
    });
    expect(hydrated(button)).toBe(true);
    expect(container.querySelector("button")).toBe(button);
    expect(errors).not.toHaveBeenCalled();
  });

  it("replays a tap made before the section hydrated", async () => {
    const container = page.container();
    const onPlay = vi.fn();
    container.innerHTML = renderToString(<Page onPlay={onPlay} />);
    await act(async () => {
      hydrateRoot(container, <Page onPlay={onPlay} />);
    });
    page.ready();
    const button = container.querySelector("button") as HTMLButtonElement;
    await act(async () => {
      button.dispatchEvent(new Event("pointerdown", { bubbles: true }));
      button.click();
    });
    // Replayed in a task after the section's commit: once.
    await act(() => vi.waitFor(() => expect(onPlay).toHaveBeenCalledTimes(1)));
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(onPlay).toHaveBeenCalledTimes(1);
    expect(button.textContent).toBe("Play (1)");
  });

  it("acts once on a tap that lands after the section hydrated, before its effects ran", async () => {
    const container = page.container();
    // The section hydrates on its own (scrolled into view), outside act: React commits it in one
    // task and runs its passive effects in a later one, as in the browser.
    const environment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
    const actEnvironment = environment.IS_REACT_ACT_ENVIRONMENT;
    environment.IS_REACT_ACT_ENVIRONMENT = false;
    try {
      const onPlay = vi.fn();
      let effectsRan = () => {};
      const effects = new Promise<void>((resolve) => {
        effectsRan = resolve;
      });
      container.innerHTML = renderToString(<PageTappedOnHydration onPlay={onPlay} tap={false} />);
      hydrateRoot(container, <PageTappedOnHydration onPlay={onPlay} tap={true} onEffects={effectsRan} />);
      page.ready();
      await vi.waitFor(() => expect(FakeObserver.instances.length).toBeGreaterThan(0));
      showAll();
      // After the section's effects, where a held copy of the tap was replayed: a second play (in the
      // site's player, a toggle back to paused).
      await effects;
      expect(onPlay).toHaveBeenCalledTimes(1);
    } finally {
      environment.IS_REACT_ACT_ENVIRONMENT = actEnvironment;
    }
  });
});
