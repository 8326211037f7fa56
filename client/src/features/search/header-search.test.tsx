import { QueryClientProvider } from "@tanstack/react-query";
import { act, screen } from "@testing-library/react";
import { hydrateRoot, type Root } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { createMemoryRouter, Link, Outlet, RouterProvider } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { createQueryClient } from "../../lib/query-client";
import { HeaderSearch } from "./header-search";

function Layout() {
  return (
    <QueryClientProvider client={queryClient}>
      <header>
        <HeaderSearch />
        <Link to="/genres">Genres</Link>
        <Outlet />
      </header>
    </QueryClientProvider>
  );
}
const queryClient = createQueryClient();
const routes = [
  {
    path: "/",
    element: <Layout />,
    children: [
      { index: true, element: <p>Home</p> },
      { path: "genres", element: <p>Genres</p> },
    ],
  },
];

/** The phone's field: `#header-search` is `hidden` (display: none) while it is closed. */
const fieldShown = () => !document.getElementById("header-search")?.classList.contains("hidden");

describe("the header's search on phones", () => {
  let root: Root | undefined;
  let container: HTMLDivElement;
  afterEach(async () => {
    // 'Search' began loading the combobox's code: it arrives (and takes the field's place) before
    // the test ends, not after its environment has gone.
    await act(async () => {
      await import("./search-combobox");
    });
    act(() => root?.unmount());
    container.remove();
  });

  /** The server's page in the document, as the browser has it before React. */
  function serverPage() {
    container = document.createElement("div");
    container.innerHTML = renderToString(<RouterProvider router={createMemoryRouter(routes)} />);
    document.body.append(container);
  }

  it("a tap on 'Search' made while the page hydrates opens the field, and it stays open", async () => {
    // As in a browser, not under act(): React hydrates what the tap lands on at once, runs the
    // tap's handler, and the hydration's own effects follow; none of them may close the field.
    const actEnvironment = Reflect.get(globalThis, "IS_REACT_ACT_ENVIRONMENT");
    Reflect.set(globalThis, "IS_REACT_ACT_ENVIRONMENT", false);
    try {
      serverPage();
      root = hydrateRoot(container, <RouterProvider router={createMemoryRouter(routes)} />);
      screen.getByRole("link", { name: "Search" }).click();
      await new Promise((resolve) => setTimeout(resolve, 50));
    } finally {
      Reflect.set(globalThis, "IS_REACT_ACT_ENVIRONMENT", actEnvironment);
    }
    expect(fieldShown()).toBe(true);
    expect(screen.getByRole("link", { name: "Close" })).toHaveAttribute("aria-expanded", "true");
  });

  it("opens on 'Search', closes on 'Close' and on any navigation", async () => {
    serverPage();
    const router = createMemoryRouter(routes);
    act(() => {
      root = hydrateRoot(container, <RouterProvider router={router} />);
    });
    expect(fieldShown()).toBe(false);
    act(() => screen.getByRole("link", { name: "Search" }).click());
    expect(fieldShown()).toBe(true);
    expect(document.activeElement).toBe(screen.getByRole("searchbox", { name: "Search the site" }));
    act(() => screen.getByRole("link", { name: "Close" }).click());
    expect(fieldShown()).toBe(false);
    act(() => screen.getByRole("link", { name: "Search" }).click());
    await act(() => router.navigate("/genres"));
    expect(fieldShown()).toBe(false);
  });
});
