import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ConsoleAd } from "@waveform/contracts/console-ads";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "../../lib/query-client";
import { ConsoleAdsPage } from "./console-ads-page";

afterEach(() => vi.unstubAllGlobals());

const ad: ConsoleAd = {
  id: 7,
  slug: "bandcamp",
  title: "Buy music straight from the artists",
  description: "d",
  ctaText: "Explore Bandcamp",
  ctaUrl: "https://bandcamp.com/",
  imageUrl: null,
  startsAt: "2026-11-01T00:00:00.000Z",
  endsAt: "2027-01-31T23:59:59.000Z",
  weight: 10,
  active: true,
  state: "live",
};

function renderPage(api: (url: string, init?: RequestInit) => Response) {
  const posts: unknown[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn<typeof fetch>().mockImplementation(async (input, init) => {
      if (init?.method === "POST") posts.push(init.body ? JSON.parse(String(init.body)) : String(input));
      return api(String(input), init);
    }),
  );
  const router = createMemoryRouter([
    {
      path: "*",
      // The route module gives the home page's banner; a stand-in shows what it would draw.
      element: (
        <ConsoleAdsPage
          renderPreview={(preview) => <p data-testid="preview">{`${preview.title} | ${preview.ctaText}`}</p>}
        />
      ),
    },
  ]);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { posts, user: userEvent.setup({ delay: null }) };
}

describe("ConsoleAdsPage", () => {
  it("lists advertisements with their state and offers End now for live ones", async () => {
    renderPage(() => Response.json({ ads: [ad, { ...ad, id: 8, title: "Old", state: "ended" }] }));
    const table = await screen.findByRole("table", { name: "Advertisements" });
    expect(within(table).getByText("Live")).toBeVisible();
    const [, first] = within(table).getAllByRole("row");
    expect(within(first as HTMLElement).getByText("2026-11-01 00:00 UTC")).toBeVisible();
    expect(within(table).getByRole("button", { name: `End now: ${ad.title}` })).toBeVisible();
    expect(within(table).queryByRole("button", { name: "End now: Old" })).toBeNull();
  });

  it("previews what is typed, checks every field with the contract, and keeps it all on a refused save", async () => {
    const message = "That address is on the blocked list";
    const { posts, user } = renderPage((_url, init) =>
      init?.method === "POST"
        ? Response.json({ error: "Invalid request", issues: [{ path: "ctaUrl", message }] }, { status: 400 })
        : Response.json({ ads: [] }),
    );
    await screen.findByText("No advertisements yet.");
    await user.type(screen.getByRole("textbox", { name: "Title" }), "Winter sale");
    await user.type(screen.getByRole("textbox", { name: "Button text" }), "Shop now");
    expect(screen.getByTestId("preview")).toHaveTextContent("Winter sale | Shop now");
    const weight = screen.getByRole("spinbutton", { name: "Weight" });
    await user.clear(weight);
    await user.click(screen.getByRole("button", { name: "Schedule advertisement" }));
    expect(await screen.findByText("Write a description (at most 400 characters)")).toBeVisible();
    expect(screen.getByText("Enter a whole number from 0 to 1000")).toBeVisible();
    expect(posts).toHaveLength(0);

    await user.type(screen.getByRole("textbox", { name: "Description" }), "Twenty per cent off vinyl.");
    await user.type(weight, "20");
    const address = screen.getByRole("textbox", { name: "Button address" });
    await user.clear(address);
    await user.type(address, "https://shop.example/winter");
    await user.click(screen.getByRole("button", { name: "Schedule advertisement" }));
    expect(await screen.findByText(message)).toBeVisible();
    expect(posts).toHaveLength(1);
    expect(posts[0]).toMatchObject({
      title: "Winter sale",
      weight: 20,
      startsAt: expect.stringMatching(/Z$/),
    });
    expect(screen.getByRole("textbox", { name: "Title" })).toHaveValue("Winter sale");
    expect(screen.getByRole("textbox", { name: "Description" })).toHaveValue("Twenty per cent off vinyl.");
  });
});
