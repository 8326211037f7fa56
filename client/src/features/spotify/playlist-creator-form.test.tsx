import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { CreatedSpotifyPlaylist } from "@waveform/contracts/spotify";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "../../lib/query-client";
import { PlaylistCreatorForm } from "./playlist-creator-form";

const playlists = [
  { value: "1", label: "Late Night Circuits (Electronic, 12 tracks)", suggestedName: "Late Night Circuits" },
  { value: "2", label: "Sunday Jazz (Jazz, 10 tracks)", suggestedName: "Sunday Jazz" },
];
const genres = [{ value: "jazz", label: "Jazz", suggestedName: "Jazz Essentials" }];

const created: CreatedSpotifyPlaylist = {
  id: "3cEYpjA9oz9GiPac4AsH4n",
  name: "Late Night Circuits",
  url: "https://open.spotify.com/playlist/3cEYpjA9oz9GiPac4AsH4n",
  tracksAdded: 12,
  notFound: [],
};

beforeAll(() => {
  // jsdom lacks what Radix Select calls when it opens.
  Element.prototype.hasPointerCapture ??= () => false;
  Element.prototype.releasePointerCapture ??= () => {};
  Element.prototype.scrollIntoView ??= () => {};
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function mockFetch(answer: () => Promise<Response>) {
  const spy = vi.fn<typeof fetch>().mockImplementation(answer);
  vi.stubGlobal("fetch", spy);
  return spy;
}

function renderForm() {
  const onCreated = vi.fn();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <PlaylistCreatorForm playlists={playlists} genres={genres} onCreated={onCreated} />
    </QueryClientProvider>,
  );
  const form = screen.getByRole("form", { name: "Create a playlist in your Spotify account" });
  return { onCreated, form: within(form), user: userEvent.setup({ delay: null }) };
}

function sentBody(spy: ReturnType<typeof mockFetch>): unknown {
  const [url, init] = spy.mock.calls[0] ?? [];
  expect(url).toBe("/api/spotify/playlists");
  expect(init).toMatchObject({ method: "POST", headers: { "content-type": "application/json" } });
  return JSON.parse(String(init?.body));
}

describe("PlaylistCreatorForm", () => {
  it("asks for a source and a name before sending anything", async () => {
    const spy = mockFetch(async () => Response.json(created, { status: 201 }));
    const { form, user } = renderForm();
    await user.click(form.getByRole("button", { name: "Create Playlist" }));
    expect(await form.findByText("Please choose a playlist")).toBeVisible();
    expect(form.getByText("Please give the playlist a name")).toBeVisible();
    expect(form.getByRole("combobox", { name: "Playlist" })).toHaveAttribute("aria-invalid", "true");

    await user.click(form.getByRole("radio", { name: "A genre" }));
    expect(form.queryByText("Please choose a playlist")).toBeNull();
    await user.click(form.getByRole("button", { name: "Create Playlist" }));
    expect(await form.findByText("Please choose a genre")).toBeVisible();

    await user.click(form.getByRole("textbox", { name: "Playlist name" }));
    await user.paste("x".repeat(101));
    await user.type(form.getByRole("textbox", { name: /Description/ }), "   ");
    await user.click(form.getByRole("button", { name: "Create Playlist" }));
    expect(await form.findByText("At most 100 characters")).toBeVisible();
    expect(spy).not.toHaveBeenCalled();
  });

  it("names the playlist after the choice, then sends the body the endpoint expects", async () => {
    const spy = mockFetch(async () => Response.json(created, { status: 201 }));
    const { form, user, onCreated } = renderForm();
    await user.click(form.getByRole("combobox", { name: "Playlist" }));
    await user.click(screen.getByRole("option", { name: /^Late Night Circuits/ }));
    const name = form.getByRole("textbox", { name: "Playlist name" });
    expect(name).toHaveValue("Late Night Circuits");

    await user.clear(name);
    await user.type(name, "My Late Night Circuits");
    await user.click(form.getByRole("combobox", { name: "Playlist" }));
    await user.click(screen.getByRole("option", { name: /^Sunday Jazz/ }));
    expect(name).toHaveValue("My Late Night Circuits");

    await user.type(form.getByRole("textbox", { name: /Description/ }), "Saved from Waveform");
    await user.click(form.getByRole("radio", { name: "Public (on your profile)" }));
    await user.click(form.getByRole("button", { name: "Create Playlist" }));
    await vi.waitFor(() => expect(onCreated).toHaveBeenCalledOnce());
    expect(onCreated.mock.calls[0]?.[0]).toEqual(created);
    expect(sentBody(spy)).toEqual({
      name: "My Late Night Circuits",
      description: "Saved from Waveform",
      public: true,
      source: { kind: "playlist", playlistId: 2 },
    });
  });

  it("sends a genre by its slug, privately and without an empty description", async () => {
    const spy = mockFetch(async () => Response.json(created, { status: 201 }));
    const { form, user, onCreated } = renderForm();
    await user.click(form.getByRole("radio", { name: "A genre" }));
    await user.click(form.getByRole("combobox", { name: "Genre" }));
    await user.click(screen.getByRole("option", { name: "Jazz" }));
    expect(form.getByRole("textbox", { name: "Playlist name" })).toHaveValue("Jazz Essentials");
    await user.click(form.getByRole("button", { name: "Create Playlist" }));
    await vi.waitFor(() => expect(onCreated).toHaveBeenCalledOnce());
    expect(sentBody(spy)).toEqual({
      name: "Jazz Essentials",
      public: false,
      source: { kind: "genre", genre: "jazz" },
    });
  });

  it("says 'Creating...' while it waits, and shows a failed request as a readable sentence", async () => {
    let answer: (response: Response) => void = () => {};
    mockFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    const { form, user, onCreated } = renderForm();
    await user.click(form.getByRole("radio", { name: "A genre" }));
    await user.click(form.getByRole("combobox", { name: "Genre" }));
    await user.click(screen.getByRole("option", { name: "Jazz" }));
    await user.click(form.getByRole("button", { name: "Create Playlist" }));
    expect(await form.findByRole("button", { name: "Creating..." })).toBeDisabled();

    answer(Response.json({ error: "Spotify did not answer in time. Please try again." }, { status: 504 }));
    const alert = await form.findByRole("alert");
    expect(alert).toHaveTextContent("The playlist was not created");
    expect(alert).toHaveTextContent("Spotify did not answer in time. Please try again.");
    expect(alert).not.toHaveTextContent("504");
    expect(form.getByRole("button", { name: "Create Playlist" })).toBeEnabled();
    expect(onCreated).not.toHaveBeenCalled();

    await user.clear(form.getByRole("textbox", { name: "Playlist name" }));
    await user.click(form.getByRole("button", { name: "Create Playlist" }));
    expect(await form.findByText("Please give the playlist a name")).toBeVisible();
    expect(form.queryByRole("alert")).toBeNull();
  });
});
