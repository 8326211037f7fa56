import { QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "../../lib/query-client";
import { NewIssueForm } from "./new-issue-form";

afterEach(() => vi.unstubAllGlobals());

function renderForm() {
  const bodies: unknown[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn<typeof fetch>().mockImplementation(async (_input, init) => {
      bodies.push(JSON.parse(String(init?.body)));
      return Response.json(
        {
          id: 9,
          title: "Friday picks",
          slug: "friday-picks",
          intro: "",
          sections: [],
          state: "draft",
          version: 1,
          scheduledAt: null,
          publishedAt: null,
          sentAt: null,
          createdAt: "2026-11-28T09:00:00.000Z",
          updatedAt: "2026-11-28T09:00:00.000Z",
        },
        { status: 201 },
      );
    }),
  );
  const router = createMemoryRouter(
    [
      { path: "/admin/newsletter", element: <NewIssueForm /> },
      { path: "/admin/newsletter/:id", element: <h1>Composer</h1> },
    ],
    { initialEntries: ["/admin/newsletter"] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { bodies };
}

describe("starting a draft", () => {
  it("takes the title in the field, even one typed before the page's code took over", async () => {
    const { bodies } = renderForm();
    // Typed before hydration: the text is in the field, and React saw no input event.
    const field = screen.getByRole<HTMLInputElement>("textbox", { name: "Title of the new issue" });
    field.value = "Friday picks";
    fireEvent.submit(screen.getByRole("form", { name: "New issue" }));
    expect(await screen.findByRole("heading", { name: "Composer" })).toBeVisible();
    expect(bodies).toEqual([{ title: "Friday picks", slug: "friday-picks", intro: "", sections: [] }]);
  });

  it("says a title is needed when the field is empty, and sends nothing", async () => {
    const { bodies } = renderForm();
    fireEvent.submit(screen.getByRole("form", { name: "New issue" }));
    expect(await screen.findByText(/required/i)).toBeVisible();
    expect(bodies).toEqual([]);
  });
});
