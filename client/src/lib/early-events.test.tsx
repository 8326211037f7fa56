import { act } from "@testing-library/react";
import { type FormEvent, Suspense, useState } from "react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { installEarlyEvents } from "./early-events";

function Page({ onSubmit, onKey }: { onSubmit: (query: string) => void; onKey: (key: string) => void }) {
  const [query, setQuery] = useState("");
  const [count, setCount] = useState(0);
  const [agreed, setAgreed] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(query);
  };
  return (
    <main>
      <form onSubmit={submit}>
        <input aria-label="Search" value={query} onChange={(event) => setQuery(event.target.value)} />
        <input
          type="checkbox"
          aria-label="Agree"
          checked={agreed}
          onChange={(e) => setAgreed(e.target.checked)}
        />
        <button type="submit">Go</button>
      </form>
      <p>Filtered by “{query}”</p>
      <p>{agreed ? "Agreed" : "Not agreed"}</p>
      <button type="button" onClick={() => setCount(count + 1)}>
        Pressed {count}
      </button>
      <div role="tab" tabIndex={0} onKeyDown={(event) => onKey(event.key)}>
        Tab
      </div>
      <a href="#elsewhere">Read about the club</a>
    </main>
  );
}

/** Types as a browser does: the field's value changes, then an input event. */
function type(field: HTMLInputElement, text: string) {
  field.value = text;
  field.dispatchEvent(new Event("input", { bubbles: true }));
}

describe("early events", () => {
  let container: HTMLDivElement;
  let uninstall = () => {};
  const onSubmit = vi.fn();
  const onKey = vi.fn();
  beforeEach(() => {
    uninstall = installEarlyEvents();
    container = document.createElement("div");
    container.innerHTML = renderToString(<Page onSubmit={onSubmit} onKey={onKey} />);
    document.body.append(container);
    onSubmit.mockReset();
    onKey.mockReset();
  });
  afterEach(() => {
    uninstall();
    container.remove();
  });
  const hydrate = async () => {
    await act(async () => {
      hydrateRoot(container, <Page onSubmit={onSubmit} onKey={onKey} />);
    });
    window.__waveformEvents?.ready();
  };
  const field = () =>
    container.querySelector<HTMLInputElement>("input[aria-label=Search]") as HTMLInputElement;
  const button = (name: RegExp) =>
    [...container.querySelectorAll("button")].find((b) =>
      name.test(b.textContent ?? ""),
    ) as HTMLButtonElement;

  it("keeps typed text in its field and gives it to React as input once the page has hydrated", async () => {
    type(field(), "jazz");
    expect(field().value).toBe("jazz");
    expect(window.__waveformEvents?.pending()).toBe(1);
    await hydrate();
    await act(() => vi.waitFor(() => expect(container.textContent).toContain("Filtered by “jazz”")));
    expect(field().value).toBe("jazz");
  });

  it("holds a click and replays it once, in order with what came before", async () => {
    const press = button(/^Pressed/);
    press.click();
    press.click();
    expect(press.textContent).toBe("Pressed 0");
    await hydrate();
    await act(() => vi.waitFor(() => expect(press.textContent).toBe("Pressed 2")));
    await act(() => new Promise((resolve) => setTimeout(resolve, 30)));
    expect(press.textContent).toBe("Pressed 2");
  });

  it("holds a submit (no native submission) and submits once with the typed text", async () => {
    type(field(), "late night");
    const box = container.querySelector<HTMLInputElement>("input[type=checkbox]") as HTMLInputElement;
    box.click();
    // The box ticks at once (the browser's own toggle); React learns of it once it has hydrated.
    expect(box.checked).toBe(true);
    expect(container.textContent).toContain("Not agreed");
    const submitted = new Event("submit", { bubbles: true, cancelable: true });
    container.querySelector("form")?.dispatchEvent(submitted);
    expect(submitted.defaultPrevented).toBe(true);
    await hydrate();
    await act(() => vi.waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1)));
    expect(onSubmit).toHaveBeenCalledWith("late night");
    expect(box.checked).toBe(true);
    expect(container.textContent).toContain("Agreed");
    expect(container.textContent).not.toContain("Not agreed");
  });

  it("replays a key pressed on a control, and leaves links and focus to the browser", async () => {
    const tab = container.querySelector("[role=tab]") as HTMLElement;
    tab.dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowRight", bubbles: true, cancelable: true }));
    const link = container.querySelector("a") as HTMLAnchorElement;
    const follow = new MouseEvent("click", { bubbles: true, cancelable: true });
    link.dispatchEvent(follow);
    expect(follow.defaultPrevented).toBe(false);
    expect(window.__waveformEvents?.pending()).toBe(1);
    await hydrate();
    await act(() => vi.waitFor(() => expect(onKey).toHaveBeenCalledWith("ArrowRight")));
    expect(onKey).toHaveBeenCalledTimes(1);
  });

  it("logs the line of a link that carries one (data-click-log) when it is clicked before the code, once", async () => {
    const info = vi.spyOn(console, "info").mockImplementation(() => {});
    try {
      const link = document.createElement("a");
      link.href = "https://partner.example/trial";
      link.dataset.clickLog = "Affiliate link clicked: Partner → https://partner.example/trial";
      link.append(document.createElement("span"));
      container.append(link);
      const click = new MouseEvent("click", { bubbles: true, cancelable: true });
      link.querySelector("span")?.dispatchEvent(click);
      expect(click.defaultPrevented).toBe(false);
      expect(window.__waveformEvents?.logged(click)).toBe(true);
      expect(info.mock.calls).toEqual([["Affiliate link clicked: Partner → https://partner.example/trial"]]);
      // A link without a line logs nothing.
      const plain = new MouseEvent("click", { bubbles: true, cancelable: true });
      container.querySelector("a:not([data-click-log])")?.dispatchEvent(plain);
      expect(window.__waveformEvents?.logged(plain)).toBe(false);
      expect(info).toHaveBeenCalledTimes(1);
    } finally {
      info.mockRestore();
    }
  });

  it("leaves a button that opens a dialog by itself (commandfor) to the browser", () => {
    const opener = document.createElement("button");
    opener.setAttribute("commandfor", "cart-dialog");
    opener.setAttribute("command", "show-modal");
    opener.append(document.createElement("span"));
    container.append(opener);
    const click = new MouseEvent("click", { bubbles: true, cancelable: true });
    opener.querySelector("span")?.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(false);
    expect(window.__waveformEvents?.pending()).toBe(0);
  });

  it("focuses the control a page-wide shortcut names (aria-keyshortcuts) at once, with no key typed into it", () => {
    const search = document.createElement("input");
    search.setAttribute("aria-keyshortcuts", "/ Control+K Meta+K");
    search.getClientRects = () => [new DOMRect(0, 0, 200, 36)] as unknown as DOMRectList;
    container.append(search);
    const slash = new KeyboardEvent("keydown", { key: "/", bubbles: true, cancelable: true });
    document.body.dispatchEvent(slash);
    expect(document.activeElement).toBe(search);
    expect(slash.defaultPrevented).toBe(true);
    search.blur();
    // Ctrl-K too; K alone is not the shortcut, and a hidden control is not focused.
    document.body.dispatchEvent(new KeyboardEvent("keydown", { key: "k", bubbles: true, cancelable: true }));
    expect(document.activeElement).not.toBe(search);
    document.body.dispatchEvent(
      new KeyboardEvent("keydown", { key: "k", ctrlKey: true, bubbles: true, cancelable: true }),
    );
    expect(document.activeElement).toBe(search);
    search.blur();
    search.getClientRects = () => [] as unknown as DOMRectList;
    document.body.dispatchEvent(new KeyboardEvent("keydown", { key: "/", bubbles: true, cancelable: true }));
    expect(document.activeElement).not.toBe(search);
    expect(window.__waveformEvents?.pending()).toBe(2); // 'k', and '/' with nothing to focus
  });

  it("holds a key pressed with nothing focused until the whole page has hydrated, not only its shell", async () => {
    const heard: string[] = [];
    const listener = (event: KeyboardEvent) => heard.push(event.key);
    window.addEventListener("keydown", listener);
    try {
      window.__waveformEvents?.listening();
      document.body.dispatchEvent(
        new KeyboardEvent("keydown", { key: "/", bubbles: true, cancelable: true }),
      );
      await new Promise((resolve) => setTimeout(resolve, 20));
      // The region whose code listens for it may not have hydrated yet.
      expect(heard).toEqual([]);
      expect(window.__waveformEvents?.pending()).toBe(1);
      await hydrate();
      await vi.waitFor(() => expect(heard).toEqual(["/"]));
    } finally {
      window.removeEventListener("keydown", listener);
    }
  });

  it("lets React alone handle what happens once the page has hydrated", async () => {
    await hydrate();
    const press = button(/^Pressed/);
    await act(async () => press.click());
    expect(press.textContent).toBe("Pressed 1");
    expect(window.__waveformEvents?.pending()).toBe(0);
  });
});

/**
 * A filter whose field starts as its form code says (as react-hook-form's `register` does: it
 * writes its default value into the element React hands it), in a region of its own.
 */
function Filters({ onChoose }: { onChoose: (value: string) => void }) {
  return (
    <main>
      <h1>Activity</h1>
      <Suspense fallback={null}>
        <select
          aria-label="Who"
          ref={(element) => {
            if (element) element.value = "";
          }}
          onChange={(event) => onChoose(event.target.value)}
        >
          <option value="">Anyone</option>
          <option value="2">A curator</option>
        </select>
      </Suspense>
    </main>
  );
}

/** A menu the browser opens itself (a popover), in a region of its own, its press seen by React too. */
function Menu({ onPress }: { onPress: () => void }) {
  return (
    <header>
      <a href="/">Home</a>
      <Suspense fallback={null}>
        <button type="button" popoverTarget="menu" onClick={onPress} onPointerDown={onPress}>
          <span>Menu</span>
        </button>
        <nav id="menu">Links</nav>
      </Suspense>
    </header>
  );
}

/** A theme button, answered before the page's code by an inline script, in a region of its own. */
function ThemeButton({ onPress }: { onPress: () => void }) {
  return (
    <header>
      <a href="/">Home</a>
      <Suspense fallback={null}>
        <button type="button" data-theme-choice="light" onClick={onPress} onPointerDown={onPress}>
          <span>Light theme</span>
        </button>
      </Suspense>
    </header>
  );
}

describe("early events while the page hydrates", () => {
  it("a press on a theme button waits until React has the button (its inline script answers it meanwhile), then is React's once", async () => {
    const uninstall = installEarlyEvents();
    const pressed = vi.fn();
    const seenByScript = vi.fn();
    // The inline theme script listens on the window, as the early-events script does.
    addEventListener("click", seenByScript, { capture: true });
    const container = document.createElement("div");
    container.innerHTML = renderToString(<ThemeButton onPress={pressed} />);
    document.body.append(container);
    try {
      hydrateRoot(container, <ThemeButton onPress={pressed} />);
      window.__waveformEvents?.listening();
      const label = container.querySelector("button span") as HTMLElement;
      label.dispatchEvent(new Event("pointerdown", { bubbles: true, cancelable: true }));
      label.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true }));
      expect(seenByScript).toHaveBeenCalledTimes(1);
      expect(pressed).not.toHaveBeenCalled();
      expect(window.__waveformEvents?.pending()).toBe(1);
      await act(async () => {});
      expect(Object.keys(label).some((key) => key.startsWith("__reactFiber$"))).toBe(true);
      window.__waveformEvents?.ready();
      await act(() => vi.waitFor(() => expect(pressed).toHaveBeenCalled()));
      expect(window.__waveformEvents?.pending()).toBe(0);
    } finally {
      removeEventListener("click", seenByScript, { capture: true });
      uninstall();
      container.remove();
    }
  });

  it("a press on a control the browser answers itself goes to the browser alone, not to React, until its region is React's", async () => {
    const uninstall = installEarlyEvents();
    const pressed = vi.fn();
    const container = document.createElement("div");
    container.innerHTML = renderToString(<Menu onPress={pressed} />);
    document.body.append(container);
    try {
      hydrateRoot(container, <Menu onPress={pressed} />);
      window.__waveformEvents?.listening();
      const label = container.querySelector("button span") as HTMLElement;
      expect(Object.keys(label).some((key) => key.startsWith("__reactFiber$"))).toBe(false);
      // React would hydrate the button's region in this press's task before the browser could open
      // the menu; the browser's own answer (not prevented) needs nothing of React.
      for (const type of ["pointerdown", "click"]) {
        const press = new (type === "click" ? MouseEvent : Event)(type, { bubbles: true, cancelable: true });
        label.dispatchEvent(press);
        expect(press.defaultPrevented).toBe(false);
      }
      expect(window.__waveformEvents?.pending()).toBe(0);
      expect(pressed).not.toHaveBeenCalled();
      expect(Object.keys(label).some((key) => key.startsWith("__reactFiber$"))).toBe(false);
      // Once React has hydrated the region in its turn, the press is React's as any other.
      await act(async () => {});
      expect(Object.keys(label).some((key) => key.startsWith("__reactFiber$"))).toBe(true);
      label.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true }));
      expect(pressed).toHaveBeenCalledTimes(1);
    } finally {
      uninstall();
      container.remove();
    }
  });

  it("a choice made after React listens, in a region not yet hydrated, reaches React as chosen", async () => {
    const uninstall = installEarlyEvents();
    const chosen = vi.fn();
    const container = document.createElement("div");
    container.innerHTML = renderToString(<Filters onChoose={chosen} />);
    document.body.append(container);
    try {
      // React listens: the shell hydrates first, the select's region in a later pass.
      hydrateRoot(container, <Filters onChoose={chosen} />);
      window.__waveformEvents?.listening();
      const select = container.querySelector("select") as HTMLSelectElement;
      expect(Object.keys(select).some((key) => key.startsWith("__reactFiber$"))).toBe(false);
      // What a browser does on a choice: the value changes, then input and change.
      select.value = "2";
      select.dispatchEvent(new Event("input", { bubbles: true }));
      select.dispatchEvent(new Event("change", { bubbles: true }));
      await act(async () => {});
      expect(chosen).toHaveBeenLastCalledWith("2");
      expect(select.value).toBe("2");
    } finally {
      uninstall();
      container.remove();
    }
  });
});
