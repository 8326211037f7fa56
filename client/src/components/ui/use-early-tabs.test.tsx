import { act, screen } from "@testing-library/react";
import { hydrateRoot, type Root } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { installEarlyEvents } from "../../lib/early-events";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "./tabs";
import { useEarlyTabs } from "./use-early-tabs";

const artists = ["Luna", "Kairo", "Owls"];

function ArtistTabs({ early }: { early: boolean }) {
  const tabs = useEarlyTabs(artists, "Luna");
  return (
    <Tabs value={tabs.value} onValueChange={tabs.setValue}>
      <TabsList ref={tabs.list} aria-label="Artists" data-switch-early={early ? "" : undefined}>
        {artists.map((name) => (
          <TabsTrigger key={name} value={name}>
            {name}
          </TabsTrigger>
        ))}
      </TabsList>
      {artists.map((name) => (
        <TabsContent key={name} value={name} forceMount className="data-[state=inactive]:hidden">
          <h2>{name}</h2>
        </TabsContent>
      ))}
    </Tabs>
  );
}

/** The tabs as the visitor sees them: which tab is selected, which panel shown, who is in the Tab order. */
const shown = () =>
  artists.map((name) => {
    const tab = screen.getByRole("tab", { name });
    const panel = document.getElementById(tab.getAttribute("aria-controls") ?? "");
    return `${name}:${tab.getAttribute("aria-selected")}/${tab.tabIndex}/${panel?.dataset.state}`;
  });

describe("tabs switched before the page's code (data-switch-early)", () => {
  let container: HTMLDivElement;
  let root: Root | undefined;
  let uninstall = () => {};
  beforeEach(() => {
    uninstall = installEarlyEvents();
    container = document.createElement("div");
    container.id = "root";
    document.body.append(container);
  });
  afterEach(() => {
    act(() => root?.unmount());
    root = undefined;
    uninstall();
    container.remove();
  });
  const serve = (early: boolean) => {
    container.innerHTML = renderToString(<ArtistTabs early={early} />);
  };
  const hydrate = async (early: boolean) => {
    await act(async () => {
      root = hydrateRoot(container, <ArtistTabs early={early} />);
    });
    window.__waveformEvents?.ready();
  };
  const press = (name: string) =>
    screen
      .getByRole("tab", { name })
      .dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true }));
  const key = (name: string, key: string) =>
    screen
      .getByRole("tab", { name })
      .dispatchEvent(new KeyboardEvent("keydown", { key, bubbles: true, cancelable: true }));

  it("a press and an arrow key switch the tabs at once, and React takes the tab shown as its own", async () => {
    serve(true);
    press("Kairo");
    expect(shown()).toEqual(["Luna:false/-1/inactive", "Kairo:true/0/active", "Owls:false/-1/inactive"]);
    key("Kairo", "ArrowRight");
    expect(document.activeElement).toBe(screen.getByRole("tab", { name: "Owls" }));
    expect(shown()).toEqual(["Luna:false/-1/inactive", "Kairo:false/-1/inactive", "Owls:true/0/active"]);
    // Nothing waits for React: the script did all a tab does.
    expect(window.__waveformEvents?.pending()).toBe(0);

    // React, in development, names the attributes the script changed (it leaves them: in production it says nothing).
    const said = vi.spyOn(console, "error").mockImplementation(() => {});
    await hydrate(true);
    said.mockRestore();
    expect(shown()).toEqual(["Luna:false/-1/inactive", "Kairo:false/-1/inactive", "Owls:true/0/active"]);
    // React's now, from the tab shown: a press elsewhere leaves exactly one tab selected.
    await act(async () => press("Luna"));
    expect(shown()).toEqual(["Luna:true/0/active", "Kairo:false/-1/inactive", "Owls:false/-1/inactive"]);
    await act(async () => press("Kairo"));
    expect(shown()).toEqual(["Luna:false/-1/inactive", "Kairo:true/0/active", "Owls:false/-1/inactive"]);
  });

  it("leaves tabs without the mark to React: the press waits for it", async () => {
    serve(false);
    press("Kairo");
    expect(shown()).toEqual(["Luna:true/0/active", "Kairo:false/-1/inactive", "Owls:false/-1/inactive"]);
    expect(window.__waveformEvents?.pending()).toBe(1);
    await hydrate(false);
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(shown()).toEqual(["Luna:false/-1/inactive", "Kairo:true/0/active", "Owls:false/-1/inactive"]);
  });
});
