import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ConsoleSubscriber } from "@waveform/contracts/console-subscribers";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "../../lib/query-client";
import { ConsoleSubscribersPage } from "./console-subscribers-page";

afterEach(() => vi.unstubAllGlobals());

const subscriber = (id: number, email: string): ConsoleSubscriber => ({
  id,
  email,
  status: "confirmed",
  consentAt: "2026-11-20T10:00:00.000Z",
  confirmedAt: "2026-11-20T10:05:00.000Z",
  sourcePage: "/",
});

function renderPage() {
  const urls: string[] = [];
  let erased = false;
  vi.stubGlobal(
    "fetch",
    vi.fn<typeof fetch>().mockImplementation(async (input, init) => {
      const url = String(input);
      urls.push(`${init?.method ?? "GET"} ${url}`);
      if (init?.method === "DELETE") {
        erased = true;
        return Response.json({ erased: true });
      }
      const rows = [subscriber(1, "ana@example.org"), subscriber(2, "bo@example.org")].filter(
        (row) => !(erased && row.id === 2),
      );
      return Response.json({
        counts: { pending: 3, confirmed: rows.length, unsubscribed: 1, total: 4 + rows.length },
        subscribers: rows,
        page: 1,
        pageSize: 25,
        matching: 60,
      });
    }),
  );
  const router = createMemoryRouter([{ path: "*", element: <ConsoleSubscribersPage /> }]);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { urls, user: userEvent.setup({ delay: null }) };
}

describe("ConsoleSubscribersPage", () => {
  it("shows counts by status, searches and pages, and offers the CSV export as a download form", async () => {
    const { urls, user } = renderPage();
    const table = await screen.findByRole("table", { name: "Subscribers" });
    expect(within(table).getAllByRole("row")).toHaveLength(3);
    const counts = screen.getAllByRole("term")[0]?.closest("dl") as HTMLElement;
    expect(within(counts).getByText("Pending").nextElementSibling).toHaveTextContent("3");
    expect(screen.getByText("Page 1 of 3 (60 found)")).toBeVisible();
    await user.type(screen.getByRole("searchbox", { name: "Search by address" }), "ana");
    await user.click(screen.getByRole("button", { name: "Search" }));
    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(urls).toContain("GET /api/admin/subscribers?q=ana&page=2");
    const exportButton = screen.getByRole("button", { name: "Export CSV" });
    expect(exportButton.closest("form")).toHaveAttribute("action", "/api/admin/subscribers/export.csv");
    expect(screen.getByRole("combobox", { name: "Subscribers to export" })).toHaveValue("confirmed");
  });

  it("removes a subscriber only after confirming", async () => {
    const { urls, user } = renderPage();
    await user.click(await screen.findByRole("button", { name: "Remove bo@example.org" }));
    const dialog = await screen.findByRole("dialog", { name: "Remove this subscriber?" });
    expect(urls.some((url) => url.startsWith("DELETE"))).toBe(false);
    await user.click(within(dialog).getByRole("button", { name: "Remove for good" }));
    expect(await screen.findByText(/The subscriber was removed/)).toBeVisible();
    expect(urls).toContain("DELETE /api/admin/subscribers/2");
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(await screen.findByText("ana@example.org")).toBeVisible();
    expect(screen.queryByText("bo@example.org")).toBeNull();
  });
});
