import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ConsolePlaylist } from "@waveform/contracts/console-playlists";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "../../lib/query-client";
import { TrackListEditor } from "./track-list-editor";

afterEach(() => vi.unstubAllGlobals());

const track = (position: number, title: string) => ({
  position,
  title,
  artist: "Band",
  durationSeconds: 200,
  spotifyUri: null,
});
const playlist: ConsolePlaylist = {
  id: 7,
  title: "Tram Lines",
  description: "d",
  genreId: 1,
  curator: "Mira",
  platform: "Spotify",
  platformAddress: "",
  platformId: null,
  externalUrl: "https://open.spotify.com/search/x",
  imageUrl: null,
  featured: false,
  published: false,
  updatedOn: "2026-11-24",
  tracks: [track(1, "Alpha"), track(2, "Beta"), track(3, "Gamma")],
};

function renderEditor(answer: (body: { order: number[] }) => Response | Promise<Response>) {
  const calls: { url: string; method: string; body: { order: number[] } }[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn<typeof fetch>().mockImplementation(async (input, init) => {
      const body = JSON.parse(String(init?.body ?? "{}")) as { order: number[] };
      calls.push({ url: String(input), method: init?.method ?? "GET", body });
      return answer(body);
    }),
  );
  const onSaved = vi.fn();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <TrackListEditor playlist={playlist} onSaved={onSaved} />
    </QueryClientProvider>,
  );
  return { calls, onSaved, user: userEvent.setup({ delay: null }) };
}
const titles = () =>
  within(screen.getByRole("list"))
    .getAllByRole("listitem")
    .map((item) => item.textContent);
const reordered = (order: number[]) =>
  Response.json({
    ...playlist,
    tracks: order.map((from, i) => ({ ...playlist.tracks[from - 1], position: i + 1 })),
  });

describe("TrackListEditor", () => {
  it("moves a track down with the arrow key on its handle, saves the order and announces it", async () => {
    const { calls, onSaved, user } = renderEditor((body) => reordered(body.order));
    screen.getByRole("button", { name: 'Move "Alpha", position 1 of 3' }).focus();
    await user.keyboard("{ArrowDown}");
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(calls).toEqual([
      { url: "/api/admin/playlists/7/tracks/order", method: "PUT", body: { order: [2, 1, 3] } },
    ]);
    expect(await screen.findByText('Moved "Alpha" to position 2 of 3.')).toBeVisible();
    expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ id: 7 }));
  });

  it("moves with the Move up button, showing the new order while it saves", async () => {
    let release: () => void = () => {};
    const saved = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { calls, user } = renderEditor(async (body) => {
      await saved;
      return reordered(body.order);
    });
    await user.click(screen.getByRole("button", { name: "Move up: Gamma" }));
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body).toEqual({ order: [1, 3, 2] });
    expect(titles()[1]).toContain("Gamma");
    expect(screen.getByRole("button", { name: "Move down: Alpha" })).toBeDisabled();
    release();
    expect(await screen.findByText('Moved "Gamma" to position 2 of 3.')).toBeVisible();
  });

  it("puts the old order back and says so when the save is refused", async () => {
    const { user } = renderEditor(() => Response.json({ error: "Playlist not found" }, { status: 404 }));
    await user.click(screen.getByRole("button", { name: "Move down: Beta" }));
    expect(await screen.findByText("The new order was not saved: Playlist not found")).toBeVisible();
    expect(titles().map((text) => text?.match(/Alpha|Beta|Gamma/)?.[0])).toEqual(["Alpha", "Beta", "Gamma"]);
  });

  it("ignores an arrow key past either end", async () => {
    const { calls, user } = renderEditor((body) => reordered(body.order));
    screen.getByRole("button", { name: 'Move "Alpha", position 1 of 3' }).focus();
    await user.keyboard("{ArrowUp}");
    expect(calls).toEqual([]);
  });
});
