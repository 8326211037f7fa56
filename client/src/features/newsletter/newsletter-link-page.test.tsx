import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "../../lib/query-client";
import { NewsletterLinkPage } from "./newsletter-link-page";

vi.mock("../../lib/notify", () => ({ notify: vi.fn() }));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

function renderPage(action: "confirm" | "unsubscribe", address: string, outcome = "confirmed") {
  const fetchSpy = vi.fn<typeof fetch>().mockResolvedValue(Response.json({ outcome }));
  vi.stubGlobal("fetch", fetchSpy);
  const router = createMemoryRouter([{ path: "*", element: <NewsletterLinkPage action={action} /> }], {
    initialEntries: [address],
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { fetchSpy, user: userEvent.setup({ delay: null }) };
}

describe("NewsletterLinkPage", () => {
  it("sends nothing when opened; its button POSTs the token and the page shows the outcome", async () => {
    const { fetchSpy, user } = renderPage("confirm", "/newsletter/confirm?token=abc123");
    expect(screen.getByRole("heading", { level: 1, name: "Confirm your subscription" })).toBeVisible();
    expect(fetchSpy).not.toHaveBeenCalled();

    await user.click(screen.getByRole("button", { name: "Confirm subscription" }));
    expect(await screen.findByRole("heading", { level: 2, name: "Subscription confirmed" })).toBeVisible();
    expect(screen.getByRole("status")).toHaveTextContent("Thanks! Our next newsletter is on its way to you.");
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    const [url, init] = fetchSpy.mock.calls[0] ?? [];
    expect(url).toBe("/api/newsletter/confirm");
    expect(init).toMatchObject({ method: "POST", body: JSON.stringify({ token: "abc123" }) });
    expect(screen.queryByRole("button", { name: "Confirm subscription" })).toBeNull();
  });

  it("says 'That link doesn't work' for a token the server does not know", async () => {
    const { user } = renderPage("unsubscribe", "/newsletter/unsubscribe?token=old", "invalid-link");
    await user.click(screen.getByRole("button", { name: "Unsubscribe" }));
    expect(await screen.findByRole("heading", { level: 2, name: "That link doesn't work" })).toBeVisible();
    expect(screen.getByRole("status")).toHaveTextContent("It has expired or was already used.");
  });

  it("without a token, says the link doesn't work and offers no button", () => {
    const { fetchSpy } = renderPage("confirm", "/newsletter/confirm");
    expect(screen.getByRole("heading", { level: 2, name: "That link doesn't work" })).toBeVisible();
    expect(screen.queryByRole("button")).toBeNull();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("shows the outcome the server sent back to a form posted without JavaScript", () => {
    renderPage("unsubscribe", "/newsletter/unsubscribe?outcome=unsubscribed");
    expect(screen.getByRole("heading", { level: 2, name: "You've been unsubscribed" })).toBeVisible();
    expect(screen.queryByRole("button", { name: "Unsubscribe" })).toBeNull();
  });

  it("renders a form that posts the token without JavaScript", () => {
    renderPage("unsubscribe", "/newsletter/unsubscribe?token=t%2B1");
    const form = screen.getByRole("button", { name: "Unsubscribe" }).closest("form");
    expect(form).toHaveAttribute("method", "post");
    expect(form).toHaveAttribute("action", "/api/newsletter/unsubscribe");
    expect(form?.querySelector('input[type="hidden"][name="token"]')).toHaveValue("t+1");
  });
});
