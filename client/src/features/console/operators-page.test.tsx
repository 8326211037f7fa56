import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "../../lib/query-client";
import { OperatorsPage } from "./operators-page";

afterEach(() => vi.unstubAllGlobals());

const row = (id: number, email: string, overrides = {}) => ({
  id,
  email,
  role: "editor",
  totpEnabled: false,
  disabled: false,
  hasPassword: true,
  createdAt: "2026-11-24T05:00:00.000Z",
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
  const router = createMemoryRouter([{ path: "*", element: <OperatorsPage /> }]);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { calls, user: userEvent.setup({ delay: null }) };
}

describe("OperatorsPage", () => {
  it("lists operators with their state, and never offers actions on oneself or a disabled one", async () => {
    renderPage((url) =>
      url === "/api/admin/me"
        ? Response.json({ id: 1, email: "boss@club.test", role: "admin", totpEnabled: true })
        : Response.json([
            row(1, "boss@club.test", { role: "admin", totpEnabled: true }),
            row(2, "new@club.test", { hasPassword: false }),
            row(3, "gone@club.test", { disabled: true }),
          ]),
    );
    const table = await screen.findByRole("table");
    const rows = within(table).getAllByRole("row");
    expect(rows[2]).toHaveTextContent("Waiting for their password");
    expect(rows[3]).toHaveTextContent("Disabled");
    expect(await screen.findByRole("button", { name: "New link for new@club.test" })).toBeVisible();
    expect(screen.queryByRole("button", { name: "Disable boss@club.test" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Disable gone@club.test" })).toBeNull();
  });

  it("adds an operator and shows the link once; a refused email stays typed with the reason beside it", async () => {
    const message = "An operator with this email exists already.";
    let answer = () =>
      Response.json({ error: message, issues: [{ path: "email", message }] }, { status: 400 });
    const { calls, user } = renderPage((url, init) => {
      if (init?.method === "POST") return answer();
      return url === "/api/admin/me"
        ? Response.json({ id: 1, email: "b@club.test", role: "admin", totpEnabled: false })
        : Response.json([]);
    });
    const email = await screen.findByRole("textbox", { name: "Email" });
    await user.type(email, "twice@club.test");
    await user.click(screen.getByRole("button", { name: "Add operator" }));
    expect(await screen.findByText(message)).toBeVisible();
    expect(email).toHaveValue("twice@club.test");

    answer = () =>
      Response.json(
        {
          operator: row(5, "fresh@club.test"),
          link: "https://club.test/admin/set-password?token=abc",
          expiresInMinutes: 60,
        },
        { status: 201 },
      );
    await user.clear(email);
    await user.type(email, "fresh@club.test");
    await user.selectOptions(screen.getByRole("combobox", { name: "Role" }), "admin");
    await user.click(screen.getByRole("button", { name: "Add operator" }));
    expect(await screen.findByText("https://club.test/admin/set-password?token=abc")).toBeVisible();
    expect(
      screen.getByText(/Send this link to fresh@club.test\. It works once, for 60 minutes/),
    ).toBeVisible();
    expect(calls.filter((call) => call.method === "POST").at(-1)).toMatchObject({
      url: "/api/admin/operators",
      body: { email: "fresh@club.test", role: "admin" },
    });
  });
});
