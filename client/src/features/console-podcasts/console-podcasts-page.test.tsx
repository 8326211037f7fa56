import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ConsolePodcast } from "@waveform/contracts/console-podcasts";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "../../lib/query-client";
import { ConsolePodcastsPage } from "./console-podcasts-page";

afterEach(() => vi.unstubAllGlobals());

const feed = (overrides: Partial<ConsolePodcast> = {}): ConsolePodcast => ({
  id: 1,
  slug: "loop-theory",
  title: "Loop Theory",
  feedUrl: "seed:loop-theory.xml",
  episodeCount: 12,
  lastFetchedAt: "2026-11-24T05:00:00.000Z",
  lastError: null,
  isFeatured: true,
  isTrending: false,
  ...overrides,
});

function renderPage(api: (url: string, init?: RequestInit) => Response) {
  const calls: Array<{ url: string; method: string; body: unknown }> = [];
  vi.stubGlobal(
    "fetch",
    vi.fn<typeof fetch>().mockImplementation(async (input, init) => {
      const url = String(input);
      calls.push({
        url,
        method: init?.method ?? "GET",
        body: init?.body ? JSON.parse(String(init.body)) : null,
      });
      return api(url, init);
    }),
  );
  const router = createMemoryRouter([{ path: "*", element: <ConsolePodcastsPage /> }]);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { calls, user: userEvent.setup({ delay: null }) };
}

describe("ConsolePodcastsPage", () => {
  it("lists feeds in a table with their last read, error, episodes and flags", async () => {
    renderPage(() =>
      Response.json({
        podcasts: [feed(), feed({ id: 2, title: "Net Receipts", lastError: "503: Service Unavailable" })],
      }),
    );
    const table = await screen.findByRole("table", { name: "Podcast feeds" });
    const rows = within(table).getAllByRole("row");
    expect(rows).toHaveLength(3);
    expect(within(rows[1] as HTMLElement).getByText("2026-11-24 05:00 UTC")).toBeVisible();
    expect(within(rows[2] as HTMLElement).getByText("503: Service Unavailable")).toBeVisible();
    expect(screen.getByRole("checkbox", { name: "Featured: Loop Theory" })).toBeChecked();
    expect(screen.getByRole("checkbox", { name: "Trending: Loop Theory" })).not.toBeChecked();
  });

  it("shows the server's refusal beside the address field and keeps what was typed", async () => {
    const message = "The feed could not be read: the server answered 404 Not Found";
    const { calls, user } = renderPage((_url, init) =>
      init?.method === "POST"
        ? Response.json({ error: message, issues: [{ path: "feedUrl", message }] }, { status: 400 })
        : Response.json({ podcasts: [] }),
    );
    expect(await screen.findByText("No feeds yet: add the first one above.")).toBeVisible();
    const field = screen.getByRole("textbox", { name: "Feed address" });
    await user.click(screen.getByRole("button", { name: "Add feed" }));
    expect(await screen.findByText(/starting with http:\/\/ or https:\/\//)).toBeVisible();
    expect(calls.filter((call) => call.method === "POST")).toHaveLength(0);

    await user.type(field, "https://feeds.example.org/missing.xml");
    await user.click(screen.getByRole("button", { name: "Add feed" }));
    expect(await screen.findByText(message)).toBeVisible();
    expect(field).toHaveValue("https://feeds.example.org/missing.xml");
    expect(field).toHaveAttribute("aria-invalid", "true");
    expect(field).toHaveAccessibleDescription(expect.stringContaining(message));
  });

  it("refreshes a feed now and says what the read did", async () => {
    const { calls, user } = renderPage((url) =>
      url.endsWith("/refresh")
        ? Response.json({
            podcast: feed({ episodeCount: 13 }),
            result: { status: "updated", message: 'Read "Loop Theory": 1 new and 0 changed episodes.' },
          })
        : Response.json({ podcasts: [feed()] }),
    );
    await user.click(await screen.findByRole("button", { name: "Refresh now: Loop Theory" }));
    expect(await screen.findByRole("status")).toHaveTextContent(
      'Read "Loop Theory": 1 new and 0 changed episodes.',
    );
    expect(screen.getByRole("cell", { name: "13" })).toBeVisible();
    expect(calls.at(-1)).toMatchObject({ url: "/api/admin/podcasts/1/refresh", method: "POST" });
  });
});
