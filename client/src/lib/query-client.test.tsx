import {
  focusManager,
  onlineManager,
  QueryClientProvider,
  useMutation,
  useQuery,
} from "@tanstack/react-query";
import { act, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "./query-client";

/** A query function that counts its calls, answering with the call number or failing. */
function counter(outcome: "answer" | "fail" = "answer") {
  const queryFn = vi.fn(async () => {
    if (outcome === "fail") throw new Error("500: Internal server error");
    return queryFn.mock.calls.length;
  });
  return queryFn;
}

function setUp() {
  const client = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return { client, wrapper };
}

afterEach(() => {
  focusManager.setFocused(undefined);
  onlineManager.setOnline(true);
  vi.restoreAllMocks();
});

// Server data queries do not retry, do not refetch on focus or interval, and data never
// goes stale by default.
describe("createQueryClient", () => {
  it("does not retry a failed query: one call, then the error", async () => {
    const { wrapper } = setUp();
    const queryFn = counter("fail");
    const { result } = renderHook(() => useQuery({ queryKey: ["failing"], queryFn }), { wrapper });
    // With retries the query would stay pending for the retry delay and this would time out.
    await waitFor(() => expect(result.current.status).toBe("error"));
    expect(result.current.error?.message).toBe("500: Internal server error");
    expect(queryFn).toHaveBeenCalledTimes(1);
  });

  it("does not refetch when the window regains focus, even once the data is marked stale", async () => {
    const { client, wrapper } = setUp();
    const queryFn = counter();
    const { result } = renderHook(() => useQuery({ queryKey: ["focus"], queryFn }), { wrapper });
    await waitFor(() => expect(result.current.data).toBe(1));
    await client.invalidateQueries({ queryKey: ["focus"], refetchType: "none" });
    act(() => {
      focusManager.setFocused(false);
      focusManager.setFocused(true);
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(queryFn).toHaveBeenCalledTimes(1);
  });

  it("does not refetch when the network comes back", async () => {
    const { client, wrapper } = setUp();
    const queryFn = counter();
    const { result } = renderHook(() => useQuery({ queryKey: ["online"], queryFn }), { wrapper });
    await waitFor(() => expect(result.current.data).toBe(1));
    await client.invalidateQueries({ queryKey: ["online"], refetchType: "none" });
    act(() => {
      onlineManager.setOnline(false);
      onlineManager.setOnline(true);
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(queryFn).toHaveBeenCalledTimes(1);
  });

  it("keeps data fresh forever: a screen mounted a year later reads the cache", async () => {
    const { client, wrapper } = setUp();
    const queryFn = counter();
    const first = renderHook(() => useQuery({ queryKey: ["fresh"], queryFn }), { wrapper });
    await waitFor(() => expect(first.result.current.data).toBe(1));
    first.unmount();

    const aYearLater = Date.now() + 365 * 24 * 60 * 60 * 1000;
    vi.spyOn(Date, "now").mockReturnValue(aYearLater);
    const second = renderHook(() => useQuery({ queryKey: ["fresh"], queryFn }), { wrapper });
    expect(second.result.current.data).toBe(1);
    expect(second.result.current.isStale).toBe(false);
    expect(client.getQueryState(["fresh"])?.fetchStatus).toBe("idle");
    expect(queryFn).toHaveBeenCalledTimes(1);
  });

  it("does not retry a failed mutation", async () => {
    const { wrapper } = setUp();
    const mutationFn = vi.fn(async () => {
      throw new Error("429: Too Many Requests");
    });
    const { result } = renderHook(() => useMutation({ mutationFn }), { wrapper });
    act(() => result.current.mutate());
    await waitFor(() => expect(result.current.status).toBe("error"));
    expect(mutationFn).toHaveBeenCalledTimes(1);
  });
});
