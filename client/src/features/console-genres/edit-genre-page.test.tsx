import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ConsoleGenre } from "@waveform/contracts/console-genres";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { genreGradients } from "../../components/media/badges";
import { createQueryClient } from "../../lib/query-client";
import { EditGenrePage } from "./edit-genre-page";

afterEach(() => vi.unstubAllGlobals());

const jazz: ConsoleGenre = {
  id: 5,
  slug: "jazz",
  name: "Jazz",
  description: "Late sets and long solos.",
  colorIndex: 4,
  imageUrl: null,
  sortOrder: 4,
  subgenres: [{ id: 41, name: "Bebop", popularity: 7 }],
  artists: [{ id: 9, slug: "miles-davis", name: "Miles Davis", platform: "Spotify", imageUrl: null }],
};

type Sent = { method: string; url: string; body: unknown };

function renderPage(write: (sent: Sent) => Response) {
  const sent: Sent[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn<typeof fetch>().mockImplementation(async (input, init) => {
      const method = init?.method ?? "GET";
      if (method === "GET") return Response.json(jazz);
      const call = { method, url: String(input), body: init?.body ? JSON.parse(String(init.body)) : null };
      sent.push(call);
      return write(call);
    }),
  );
  const router = createMemoryRouter([{ path: "*", element: <EditGenrePage id={5} /> }]);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { sent, user: userEvent.setup({ delay: null }) };
}

describe("EditGenrePage", () => {
  it("offers the site's six gradients as colours and saves the chosen one with the texts", async () => {
    const { sent, user } = renderPage(({ body }) => Response.json({ ...jazz, ...(body as object) }));
    const colours = await screen.findAllByRole("radio");
    expect(colours).toHaveLength(genreGradients.length);
    expect(screen.getByRole("radio", { name: "Emerald" })).toBeChecked();
    // The swatch beside each name is drawn with the gradient the genre cards use.
    expect(screen.getByRole("radio", { name: "Sky" }).parentElement?.innerHTML).toContain(genreGradients[3]);
    await user.click(screen.getByRole("radio", { name: "Sky" }));
    const description = screen.getByRole("textbox", { name: "Description" });
    await user.clear(description);
    await user.type(description, "Blue notes.");
    await user.click(screen.getByRole("button", { name: "Save genre" }));
    expect(await screen.findByText('Saved "Jazz": the site shows the change now.')).toBeVisible();
    expect(sent).toEqual([
      {
        method: "PUT",
        url: expect.stringMatching(/\/api\/admin\/genres\/5$/),
        body: { name: "Jazz", description: "Blue notes.", colorIndex: 3, imageUrl: null, sortOrder: 4 },
      },
    ]);
  }, 30_000);

  it("renames a subgenre in its own row, and keeps what was typed when the server refuses it", async () => {
    const message = 'Jazz already has a subgenre called "Swing"';
    const { sent, user } = renderPage(() =>
      Response.json({ error: "Check", issues: [{ path: "name", message }] }, { status: 400 }),
    );
    const name = await screen.findByRole("textbox", { name: "Name of Bebop" });
    await user.clear(name);
    await user.type(name, "Swing");
    await user.click(screen.getByRole("button", { name: "Save: Bebop" }));
    expect(await screen.findByText(message)).toBeVisible();
    expect(name).toHaveValue("Swing");
    expect(name).toHaveAccessibleDescription(message);
    expect(sent[0]).toMatchObject({
      method: "PUT",
      url: expect.stringMatching(/\/api\/admin\/genres\/5\/subgenres\/41$/),
      body: { name: "Swing", popularity: 7 },
    });
    // The artist rows name their artist too; the add forms say they are new.
    expect(screen.getByRole("textbox", { name: "Name of Miles Davis" })).toHaveValue("Miles Davis");
    expect(screen.getByRole("textbox", { name: "New artist's name" })).toHaveValue("");
    expect(screen.getByRole("spinbutton", { name: "New subgenre's popularity (0–10)" })).toHaveValue(5);
  }, 30_000);
});
