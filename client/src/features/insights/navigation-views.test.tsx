import { act, render } from "@testing-library/react";
import { createMemoryRouter, RouterProvider, useNavigate } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";

const sent = vi.hoisted(() => [] as unknown[]);
vi.mock("./track", () => ({ track: (event: unknown) => sent.push(event) }));

const { useNavigationViews } = await import("./navigation-views");

let go: ReturnType<typeof useNavigate>;
function Layout() {
  useNavigationViews();
  go = useNavigate();
  return null;
}

describe("useNavigationViews", () => {
  beforeEach(() => {
    sent.length = 0;
  });

  it("counts each new path after the first, never the first page or a change of query alone", async () => {
    const router = createMemoryRouter([{ path: "*", element: <Layout /> }], { initialEntries: ["/genres"] });
    render(<RouterProvider router={router} />);
    expect(sent).toEqual([]);
    await act(() => go("/genres?sort=name"));
    expect(sent).toEqual([]);
    await act(() => go("/playlist/2"));
    await act(() => go("/genres"));
    expect(sent).toEqual([
      { kind: "pageview", path: "/playlist/2" },
      { kind: "pageview", path: "/genres" },
    ]);
  });
});
