import { QueryClientProvider, queryOptions } from "@tanstack/react-query";
import { act, render, screen } from "@testing-library/react";
import { Suspense } from "react";
import { MemoryRouter, Route, Routes } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { createQueryClient } from "../lib/query-client";
import { lazyScreen } from "./lazy-route";
import { dependent, hasRouteData, readRouteData, routeDataReady } from "./route-data";

const genres = (read = vi.fn(async () => ["Rock", "Jazz"])) =>
  Object.assign(queryOptions({ queryKey: ["genres"], queryFn: read }), { read });
const playlistsOf = (name: string, read = vi.fn(async () => [`${name} playlist`])) =>
  queryOptions({ queryKey: ["playlists", name], queryFn: read });

describe("route-declared reads", () => {
  it("reads a dependent read after what it depends on, with its answer", async () => {
    const client = createQueryClient();
    const list = genres();
    const reads = [dependent(list, (names: string[]) => names.slice(0, 1).map((name) => playlistsOf(name)))];
    expect(hasRouteData(client, reads)).toBe(false);
    await readRouteData(client, reads);
    expect(client.getQueryData(["playlists", "Rock"])).toEqual(["Rock playlist"]);
    expect(client.getQueryData(["playlists", "Jazz"])).toBeUndefined();
    expect(hasRouteData(client, reads)).toBe(true);
    // Held reads are not read again.
    await readRouteData(client, reads);
    expect(list.read).toHaveBeenCalledTimes(1);
  });

  it("keeps a failed read as its error, reads none of its dependents, and does not reject", async () => {
    const client = createQueryClient();
    const then = vi.fn(() => [playlistsOf("Rock")]);
    const reads = [dependent(genres(vi.fn().mockRejectedValue(new Error("500: down"))), then)];
    await expect(readRouteData(client, reads)).resolves.toBeUndefined();
    expect(client.getQueryState(["genres"])?.status).toBe("error");
    expect(then).not.toHaveBeenCalled();
    // A failure is an answer: the screen shows it rather than waiting.
    expect(hasRouteData(client, reads)).toBe(true);
  });

  it("gives one promise per navigation while its reads are read, then says it is ready", async () => {
    const client = createQueryClient();
    const reads = [genres()];
    const first = routeDataReady(client, reads, "nav-1");
    expect(first).toBeInstanceOf(Promise);
    expect(routeDataReady(client, [genres()], "nav-1")).toBe(first);
    await first;
    expect(routeDataReady(client, reads, "nav-1")).toBe(true);
    // Dropped from the cache since (garbage-collected): read again.
    client.removeQueries({ queryKey: ["genres"] });
    const again = routeDataReady(client, reads, "nav-1");
    expect(again).toBeInstanceOf(Promise);
    expect(again).not.toBe(first);
  });

  it("waits for reads declared as a promise (code loaded later), then for the reads themselves", async () => {
    const client = createQueryClient();
    const list = genres();
    const declared = () => Promise.resolve([list]);
    const ready = routeDataReady(client, declared(), "nav-2");
    expect(ready).toBeInstanceOf(Promise);
    // Each render declares anew: still the same promise while it waits.
    expect(routeDataReady(client, declared(), "nav-2")).toBe(ready);
    await ready;
    expect(client.getQueryData(["genres"])).toEqual(["Rock", "Jazz"]);
    expect(routeDataReady(client, declared(), "nav-2")).toBe(true);
    expect(list.read).toHaveBeenCalledTimes(1);
  });
});

describe("a screen with declared reads", () => {
  const screenReading = (read: () => Promise<string[]>) =>
    lazyScreen(async () => ({
      Component: () => <h1>Genres</h1>,
      queries: () => [queryOptions({ queryKey: ["genres"], queryFn: read })],
    }));

  it("renders at once on the first location, which came with its reads (or shows loading states)", async () => {
    const client = createQueryClient();
    const read = vi.fn(async () => ["Rock"]);
    const page = screenReading(read);
    await page.preload();
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <Suspense fallback={<p>waiting</p>}>
            <page.Screen />
          </Suspense>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(screen.getByRole("heading", { name: "Genres" })).toBeTruthy();
    expect(read).not.toHaveBeenCalled();
  });

  // (That it shows once the reads answer is what every journey navigating between pages sees: jsdom's
  // React does not retry a suspended first render here, whatever its cause.)
  it("waits for its reads before it shows, never showing the screen without its data", async () => {
    const client = createQueryClient();
    let answer: (value: string[]) => void = () => {};
    const read = vi.fn(() => new Promise<string[]>((resolve) => (answer = resolve)));
    const page = screenReading(read);
    await page.preload();
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[{ pathname: "/genres", key: "navigated" }]}>
          <Suspense fallback={<p>waiting</p>}>
            <Routes>
              <Route path="/genres" element={<page.Screen />} />
            </Routes>
          </Suspense>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(screen.queryByRole("heading", { name: "Genres" })).toBeNull();
    await vi.waitFor(() => expect(read).toHaveBeenCalledTimes(1));
    expect(screen.getByText("waiting")).toBeTruthy();
    await act(async () => answer(["Rock"]));
    expect(client.getQueryData(["genres"])).toEqual(["Rock"]);
  });
});
