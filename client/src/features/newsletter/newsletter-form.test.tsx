import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { notify } from "../../lib/notify";
import { createQueryClient } from "../../lib/query-client";
import { NewsletterSignup } from "./newsletter-form";

vi.mock("../../lib/notify", () => ({ notify: vi.fn() }));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

/** The background image answers at once; the subscription answers with `subscribe`. */
function mockApi(subscribe: () => Promise<Response>) {
  const spy = vi.fn<typeof fetch>().mockImplementation(async (url) => {
    if (String(url) === "/api/images/newsletter-background")
      return Response.json({ url: "/art/site/news.svg" });
    return subscribe();
  });
  vi.stubGlobal("fetch", spy);
  return () => spy.mock.calls.filter(([url]) => String(url) === "/api/newsletter/subscribe");
}

function renderSignup() {
  const router = createMemoryRouter([{ path: "*", element: <NewsletterSignup /> }], {
    initialEntries: ["/"],
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  const form = within(screen.getByRole("region", { name: "Get the Newsletter" }));
  return {
    form,
    email: form.getByRole("textbox", { name: "Email address" }),
    consent: form.getByRole("checkbox", { name: "I agree to receive email updates and promotions" }),
    user: userEvent.setup({ delay: null }),
  };
}

describe("NewsletterSignup", () => {
  it("shows the schema's messages and sends nothing while the form is invalid", async () => {
    const subscriptions = mockApi(async () => new Response(null, { status: 200 }));
    const { form, email, consent, user } = renderSignup();
    expect(email).toBeRequired();
    await user.click(form.getByRole("button", { name: "Subscribe" }));
    expect(await form.findByText("Please enter a valid email address")).toBeVisible();
    expect(form.getByText("You must agree to receive emails")).toBeVisible();
    expect(email).toHaveAttribute("aria-invalid", "true");

    await user.type(email, "not-an-address");
    await user.click(consent);
    await user.click(form.getByRole("button", { name: "Subscribe" }));
    expect(await form.findByText("Please enter a valid email address")).toBeVisible();
    expect(form.queryByText("You must agree to receive emails")).toBeNull();
    expect(subscriptions()).toHaveLength(0);
  });

  it("says 'Subscribing...' while it waits, then thanks the visitor and resets the form", async () => {
    let answer: (response: Response) => void = () => {};
    const subscriptions = mockApi(() => new Promise<Response>((resolve) => (answer = resolve)));
    const { form, email, consent, user } = renderSignup();
    await user.type(email, "  Listener@Example.com ");
    await user.click(consent);
    await user.click(form.getByRole("button", { name: "Subscribe" }));
    expect(await form.findByRole("button", { name: "Subscribing..." })).toBeDisabled();

    const [[, init] = []] = subscriptions();
    expect(init).toMatchObject({ method: "POST", headers: { "content-type": "application/json" } });
    expect(JSON.parse(String(init?.body))).toEqual({
      email: "listener@example.com",
      agreeToTerms: true,
      sourcePage: "/",
    });

    answer(Response.json({ message: "Check your inbox to confirm your subscription." }));
    expect(await form.findByRole("button", { name: "Subscribe" })).toBeEnabled();
    expect(notify).toHaveBeenCalledWith("success", "Subscription successful!", {
      description: "You've been added to our newsletter.",
    });
    expect(email).toHaveValue("");
    expect(consent).not.toBeChecked();
  });

  it("reports a failure with the answer's `<status>: <text>` and keeps what was typed", async () => {
    mockApi(async () => Response.json({ error: "Rate limit exceeded, retry in 1 minute" }, { status: 429 }));
    const { form, email, consent, user } = renderSignup();
    await user.type(email, "listener@example.com");
    await user.click(consent);
    await user.click(form.getByRole("button", { name: "Subscribe" }));
    await vi.waitFor(() =>
      expect(notify).toHaveBeenCalledWith("error", "Subscription failed", {
        description: '429: {"error":"Rate limit exceeded, retry in 1 minute"}',
      }),
    );
    expect(notify).not.toHaveBeenCalledWith("success", expect.anything(), expect.anything());
    expect(email).toHaveValue("listener@example.com");
    expect(form.getByRole("button", { name: "Subscribe" })).toBeEnabled();
  });
});
