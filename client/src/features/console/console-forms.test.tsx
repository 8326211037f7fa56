import { QueryClientProvider } from "@tanstack/react-query";
import { act, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "../../lib/query-client";
import { ActivityPage } from "./activity-page";
import { SetPasswordForm } from "./set-password-form";
import { SignInForm } from "./sign-in-form";

afterEach(() => vi.unstubAllGlobals());

function renderWith(element: ReactNode, api: (url: string, init?: RequestInit) => Response, path = "/") {
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
  const router = createMemoryRouter([{ path: "*", element }], { initialEntries: [path] });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { calls, router, user: userEvent.setup({ delay: null }) };
}

describe("SignInForm", () => {
  it("shows field errors without asking the server, and keeps what was typed", async () => {
    const { calls, user } = renderWith(<SignInForm />, () => Response.json({}));
    await user.type(screen.getByRole("textbox", { name: "Email" }), "not an email");
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    expect(await screen.findByText("Please enter a valid email address")).toBeVisible();
    expect(screen.getByText("Enter your password")).toBeVisible();
    expect(screen.getByRole("textbox", { name: "Email" })).toHaveValue("not an email");
    expect(calls).toEqual([]);
  });

  it("says a refusal above the button, then asks for the code when the account has one", async () => {
    let answer = Response.json(
      { error: "That email and password do not match an active account." },
      { status: 401 },
    );
    const { calls, user } = renderWith(<SignInForm />, () => answer);
    await user.type(screen.getByRole("textbox", { name: "Email" }), "ed@club.test");
    await user.type(screen.getByLabelText("Password"), "wrong password");
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "That email and password do not match an active account.",
    );
    expect(screen.queryByRole("textbox", { name: /Code/ })).toBeNull();

    answer = Response.json(
      { error: "Enter the 6-digit code from your authenticator app", codeRequired: true },
      { status: 401 },
    );
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    const code = await screen.findByRole("textbox", { name: "Code from your authenticator app" });
    expect(code).toHaveFocus();
    answer = Response.json(
      { error: "That code is not valid. Wait for a new one and try again.", codeRequired: true },
      { status: 401 },
    );
    await user.type(code, "123456");
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    expect(
      await screen.findByText("That code is not valid. Wait for a new one and try again."),
    ).toBeVisible();
    expect(calls.at(-1)).toMatchObject({
      url: "/api/admin/sign-in",
      method: "POST",
      body: { email: "ed@club.test", password: "wrong password", code: "123456" },
    });
  });

  it("says when there were too many attempts", async () => {
    const { user } = renderWith(<SignInForm />, () =>
      Response.json(
        { error: "Too many sign-in attempts for this account. Try again in 15 minutes." },
        { status: 429 },
      ),
    );
    await user.type(screen.getByRole("textbox", { name: "Email" }), "ed@club.test");
    await user.type(screen.getByLabelText("Password"), "x");
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Try again in 15 minutes.");
  });
});

describe("SetPasswordForm", () => {
  it("checks length and that both match in the browser, then shows the server's refusal beside the field", async () => {
    const message = "This password is too common. Choose one that is harder to guess.";
    const { calls, user } = renderWith(<SetPasswordForm token="tok" />, () =>
      Response.json({ error: message, issues: [{ path: "password", message }] }, { status: 400 }),
    );
    const password = screen.getByLabelText("New password");
    await user.type(password, "short");
    await user.click(screen.getByRole("button", { name: "Set password" }));
    expect(await screen.findByText("Use at least 12 characters")).toBeVisible();
    await user.clear(password);
    await user.type(password, "password1234");
    await user.type(screen.getByLabelText("New password again"), "password12345");
    await user.click(screen.getByRole("button", { name: "Set password" }));
    expect(await screen.findByText("The two passwords are not the same")).toBeVisible();
    expect(calls).toEqual([]);
    await user.clear(screen.getByLabelText("New password again"));
    await user.type(screen.getByLabelText("New password again"), "password1234");
    await user.click(screen.getByRole("button", { name: "Set password" }));
    expect(await screen.findByText(message)).toBeVisible();
    expect(password).toHaveValue("password1234");
    expect(calls).toEqual([
      { url: "/api/admin/set-password", method: "POST", body: { token: "tok", password: "password1234" } },
    ]);
  });

  it("offers sign-in once the password is set", async () => {
    const { user } = renderWith(<SetPasswordForm token="tok" />, () =>
      Response.json({ email: "ed@club.test" }),
    );
    await user.type(screen.getByLabelText("New password"), "a long enough password");
    await user.type(screen.getByLabelText("New password again"), "a long enough password");
    await user.click(screen.getByRole("button", { name: "Set password" }));
    expect(await screen.findByText(/Your password is set for/)).toHaveTextContent("ed@club.test");
    expect(screen.getByRole("link", { name: "Go to sign in" })).toHaveAttribute("href", "/admin/sign-in");
  });
});

describe("ActivityPage", () => {
  const entry = (id: number, overrides = {}) => ({
    id,
    at: "2026-11-24T05:30:00.000Z",
    actorKind: "operator",
    actor: "ed@club.test",
    entity: "playlist",
    entityId: String(id),
    action: "update",
    before: { title: "Old" },
    after: { title: "New" },
    ...overrides,
  });

  it("lists entries with their before/after, filters through the address and pages", async () => {
    const { calls, router, user } = renderWith(
      <ActivityPage />,
      (url) =>
        url === "/api/admin/me"
          ? Response.json({ id: 4, email: "ed@club.test", role: "editor", totpEnabled: false })
          : Response.json({
              entries: [entry(2), entry(1, { actorKind: "cli", actor: "cli", before: null, after: null })],
              page: 1,
              pageCount: 3,
              total: 52,
              entities: ["catalogue", "playlist"],
              operators: [{ id: 4, email: "ed@club.test" }],
            }),
      "/admin/activity",
    );
    const table = await screen.findByRole("table");
    const rows = within(table).getAllByRole("row");
    expect(rows[1]).toHaveTextContent("2026-11-24 05:30 UTC");
    expect(rows[2]).toHaveTextContent("Admin CLI");
    await user.click(within(rows[1] as HTMLElement).getByText("Before and after"));
    expect(within(rows[1] as HTMLElement).getByText(/"title": "Old"/)).toBeVisible();
    expect(screen.getByRole("status")).toHaveTextContent("52 changes; page 1 of 3.");
    // An editor is told what they see (the server leaves the administrators' entries out).
    expect(screen.getByText(/to the site's content .* and to your own account: who, when/)).toBeVisible();

    await user.selectOptions(screen.getByRole("combobox", { name: "Who" }), "ed@club.test");
    await user.type(screen.getByLabelText("From (day)"), "2026-11-20");
    await user.type(screen.getByLabelText("To (day)"), "2026-11-01");
    await user.click(screen.getByRole("button", { name: "Apply" }));
    expect(await screen.findByText("The end date is before the start date")).toBeVisible();
    await user.clear(screen.getByLabelText("To (day)"));
    await user.click(screen.getByRole("button", { name: "Apply" }));
    expect(router.state.location.search).toBe("?operator=4&from=2026-11-20");
    await vi.waitFor(() => expect(calls.at(-1)?.url).toBe("/api/admin/activity?operator=4&from=2026-11-20"));
    await user.click(await screen.findByRole("link", { name: "Older" }));
    expect(router.state.location.search).toBe("?operator=4&from=2026-11-20&page=2");
    // Paging keeps the filters in the form; Clear empties both the address and the form.
    expect(await screen.findByRole("combobox", { name: "Who" })).toHaveValue("4");
    await user.click(screen.getByRole("button", { name: "Clear" }));
    expect(router.state.location.search).toBe("");
    expect(await screen.findByRole("combobox", { name: "Who" })).toHaveValue("");
    expect(screen.getByLabelText("From (day)")).toHaveValue("");
    // Back returns to the filtered list, and the form shows its filters again.
    await act(() => router.navigate(-1));
    await vi.waitFor(() => expect(screen.getByRole("combobox", { name: "Who" })).toHaveValue("4"));
    expect(screen.getByLabelText("From (day)")).toHaveValue("2026-11-20");
  });
});
