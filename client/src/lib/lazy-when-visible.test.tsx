import { act } from "@testing-library/react";
import { type ComponentType, Suspense, useState } from "react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { showAll, useHydratingPage } from "../test/deferred-sections";
import { lazyWhenVisible } from "./lazy-when-visible";

function Episodes() {
  const [shown, setShown] = useState(4);
  return (
    <section aria-labelledby="episodes-heading">
      <h2 id="episodes-heading">Recent Episodes</h2>
      <p>{shown} shown</p>
      <button type="button" onClick={() => setShown(shown + 4)}>
        Load More Episodes
      </button>
    </section>
  );
}

function Page({ Section }: { Section: ComponentType }) {
  return (
    <main>
      <h1>Home</h1>
      <Suspense fallback={<p>Loading</p>}>
        <Section />
      </Suspense>
    </main>
  );
}

describe("lazyWhenVisible", () => {
  const page = useHydratingPage();

  it("holds a click made while the section's code is still loading, and replays it once hydrated", async () => {
    const container = page.container();
    container.innerHTML = renderToString(<Page Section={Episodes} />);
    let arrive = () => {};
    const code = new Promise<{ default: typeof Episodes }>((resolve) => {
      arrive = () => resolve({ default: Episodes });
    });
    const Section = lazyWhenVisible("episodes-heading", () => code);
    const errors = vi.spyOn(console, "error");
    await act(async () => {
      hydrateRoot(container, <Page Section={Section} />);
    });
    page.ready();
    const button = container.querySelector("button") as HTMLButtonElement;
    // Scrolled near: the code starts loading; the visitor taps before it has arrived. React finds
    // the section not hydrated and cannot hydrate it yet: it stops the event at its root, so a
    // holder listening inside the section would never see it.
    await act(async () => {
      showAll();
    });
    await act(async () => {
      button.dispatchEvent(new PointerEvent("pointerdown", { bubbles: true }));
      button.click();
    });
    expect(container.textContent).toContain("4 shown");
    await act(async () => {
      arrive();
      await code;
    });
    expect(container.querySelector("button")).toBe(button);
    // Replayed in a task after the section's commit.
    await act(() => vi.waitFor(() => expect(container.textContent).toContain("8 shown")));
    // Once hydrated, a tap is React's alone: handled once.
    await act(async () => {
      button.click();
    });
    expect(container.textContent).toContain("12 shown");
    expect(errors).not.toHaveBeenCalled();
  });
});
