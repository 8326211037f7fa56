import { QueryClientProvider, queryOptions } from "@tanstack/react-query";
import { act, render, screen } from "@testing-library/react";
import { Suspense } from "react";
import { MemoryRouter, Route, Routes } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { createQueryClient } from "../lib/query-client";
import { lazyScreen } from "./lazy-route";
import { dependent, hasRouteData, readRouteData, routeDataPromise } from "./route-data";

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

  it("gives one promise per list of reads while they are read", async () => {
    const client = createQueryClient();
    const reads = [genres()];
    const first = routeDataPromise(client, reads);
    expect(routeDataPromise(client, [genres()])).toBe(first);
    await first;
    expect(routeDataPromise(client, reads)).not.toBe(first);
  });
});

describe("a screen with declared reads", () => {
  const screenReading = (read: () => Promise<string[]>) =>
    lazyScreen(async () => ({
      Component: () => <h1>Genres</h1>,
      queries: () => [queryOptions({ queryKey: ["genres"], queryFn: read })],
    }));

  it("renders on its first render when the client holds its reads (hydration, server)", async () => {
    const client = createQueryClient();
    client.setQueryData(["genres"], ["Rock"]);
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
        <MemoryRouter initialEntries={["/genres"]}>
          <Suspense fallback={<p>waiting</p>}>
            <Routes>
              <Route path="/genres" element={<page.Screen />} />
            </Routes>
          </Suspense>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(screen.queryByRole("heading", { name: "Genres" })).toBeNull();
    expect(read).toHaveBeenCalledTimes(1);
    expect(screen.getByText("waiting")).toBeTruthy();
    await act(async () => answer(["Rock"]));
    expect(client.getQueryData(["genres"])).toEqual(["Rock"]);
  });
});
