import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ConsoleRelease } from "@waveform/contracts/console-releases";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "../../lib/query-client";
import { ConsoleReleasesPage } from "./console-releases-page";

afterEach(() => vi.unstubAllGlobals());

const tidal: ConsoleRelease = {
  id: 3,
  slug: "luna-vale-tidal-memory",
  title: "Tidal Memory",
  artist: "Luna Vale",
  imageUrl: null,
  releaseDate: "2026-11-20",
  trackCount: 11,
  platform: "Spotify",
  externalUrl: "https://open.spotify.com/album/1",
  isNew: true,
};

type Sent = { method: string; url: string; body: unknown };

function renderPage(write: (sent: Sent) => Response) {
  const sent: Sent[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn<typeof fetch>().mockImplementation(async (input, init) => {
      const method = init?.method ?? "GET";
      if (method === "GET") return Response.json({ rows: [tidal], total: 1, page: 1, limit: 20 });
      const call = { method, url: String(input), body: init?.body ? JSON.parse(String(init.body)) : null };
      sent.push(call);
      return write(call);
    }),
  );
  const router = createMemoryRouter([{ path: "*", element: <ConsoleReleasesPage /> }]);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { sent, user: userEvent.setup({ delay: null }) };
}

describe("ConsoleReleasesPage", () => {
  it("checks the fields with the contract before sending, then puts the server's issue on its field and keeps what was typed", async () => {
    const message = "The platform address must start with https:// or http://";
    const { sent, user } = renderPage(() =>
      Response.json(
        { error: "Invalid", issues: [{ path: "artist", message: "Not this artist" }] },
        { status: 400 },
      ),
    );
    await screen.findByRole("table", { name: "Releases, newest first" });
    await user.click(screen.getByRole("button", { name: "Add release" }));
    expect(await screen.findByText("Title is required")).toBeVisible();
    expect(screen.getByText(/Enter the release date as YYYY-MM-DD/)).toBeVisible();
    expect(screen.getByRole("textbox", { name: "Platform address" })).toHaveAccessibleDescription(
      expect.stringContaining(message),
    );
    expect(sent).toEqual([]);

    await user.type(screen.getByRole("textbox", { name: "Title" }), "Glass Harbour");
    await user.type(screen.getByRole("textbox", { name: "Artist" }), "Nadia Reyes");
    await user.type(screen.getByLabelText("Release date"), "2026-11-23");
    await user.type(screen.getByRole("textbox", { name: "Platform address" }), "music.apple.com/album/1");
    await user.click(screen.getByRole("button", { name: "Add release" }));
    expect(await screen.findByText("Not this artist")).toBeVisible();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      method: "POST",
      body: {
        title: "Glass Harbour",
        artist: "Nadia Reyes",
        releaseDate: "2026-11-23",
        trackCount: 10,
        externalUrl: "https://music.apple.com/album/1",
        imageUrl: null,
        isNew: true,
      },
    });
    expect(screen.getByRole("textbox", { name: "Title" })).toHaveValue("Glass Harbour");
    expect(screen.getByRole("textbox", { name: "Artist" })).toHaveAccessibleDescription("Not this artist");
  }, 30_000);

  it("puts a row in the form with Edit, saves it with PUT and says so", async () => {
    const { sent, user } = renderPage(({ body }) => Response.json({ ...tidal, ...(body as object) }));
    const table = await screen.findByRole("table", { name: "Releases, newest first" });
    await user.click(within(table).getByRole("button", { name: "Edit: Tidal Memory" }));
    await waitFor(() => expect(screen.getByRole("heading", { name: 'Edit "Tidal Memory"' })).toHaveFocus());
    const tracks = screen.getByRole("spinbutton", { name: "Tracks" });
    await user.clear(tracks);
    await user.type(tracks, "12");
    await user.click(screen.getByRole("button", { name: "Save changes" }));
    expect(await screen.findByText('Saved "Tidal Memory": the site shows the change now.')).toBeVisible();
    expect(sent[0]).toMatchObject({
      method: "PUT",
      url: expect.stringMatching(/\/api\/admin\/releases\/3$/),
    });
    expect(sent[0]?.body).toMatchObject({ trackCount: 12, title: "Tidal Memory", isNew: true });

    await user.click(screen.getByRole("button", { name: "Cancel editing" }));
    expect(screen.getByRole("heading", { name: "Add a release" })).toBeVisible();
    expect(screen.getByRole("textbox", { name: "Title" })).toHaveValue("");
  }, 30_000);
});
