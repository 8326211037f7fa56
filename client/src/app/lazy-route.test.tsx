import { act, render, screen } from "@testing-library/react";
import { Suspense } from "react";
import { MemoryRouter, Route, Routes, useNavigate } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { lazyScreen } from "./lazy-route";
import { RouteErrorBoundary } from "./route-error";

describe("lazyScreen", () => {
  it("renders a preloaded screen on its first render, without suspending (hydration matches)", async () => {
    const load = vi.fn(async () => ({ Component: () => <h1>Playlists</h1> }));
    const playlists = lazyScreen(load);
    await playlists.preload();
    render(
      <Suspense fallback={<p>loading</p>}>
        <playlists.Screen />
      </Suspense>,
    );
    expect(screen.getByRole("heading", { name: "Playlists" })).toBeTruthy();
    expect(screen.queryByText("loading")).toBeNull();
    await playlists.preload();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("loads again after a failed load", async () => {
    const load = vi
      .fn()
      .mockRejectedValueOnce(new Error("chunk lost"))
      .mockResolvedValueOnce({ Component: () => <h1>Charts</h1> });
    const charts = lazyScreen(load);
    await expect(charts.preload()).rejects.toThrow("chunk lost");
    await charts.preload();
    render(<charts.Screen />);
    expect(screen.getByRole("heading", { name: "Charts" })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe("RouteErrorBoundary", () => {
  it("shows the route's error in place of what it wraps, and renders again after a navigation", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    let broken = true;
    function Charts() {
      if (broken) throw new Error("chunk lost");
      return <h1>Charts</h1>;
    }
    function Again() {
      const navigate = useNavigate();
      return (
        <button type="button" onClick={() => navigate("/charts?again=1")}>
          again
        </button>
      );
    }
    render(
      <MemoryRouter initialEntries={["/charts"]}>
        <Again />
        <RouteErrorBoundary>
          <Routes>
            <Route path="/charts" element={<Charts />} />
          </Routes>
        </RouteErrorBoundary>
      </MemoryRouter>,
    );
    expect(screen.getByText("This page could not be shown: chunk lost")).toBeTruthy();
    broken = false;
    await act(async () => screen.getByRole("button", { name: "again" }).click());
    expect(await screen.findByRole("heading", { name: "Charts" })).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();
    vi.mocked(console.error).mockRestore();
  });
});
