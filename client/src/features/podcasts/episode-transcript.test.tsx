import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { type PlayerEpisode, player } from "../player";
import type { FakeMedia } from "../player/fake-media";
import { EpisodeChapters } from "./episode-chapters";
import { EpisodeTranscript } from "./episode-transcript";

// The site's player with a fake audio element (jsdom plays nothing) and no storage: a test may
// build another feature's fake from its parts, product code goes through the feature's entry.
const audio = vi.hoisted(() => ({ element: null as FakeMedia | null }));
vi.mock("../player/player", async () => {
  const { useSyncExternalStore } = await import("react");
  const { createPlayerStore } = await import("../player/player-store");
  const { FakeMedia } = await import("../player/fake-media");
  const store = createPlayerStore({
    createMedia: () => {
      audio.element = new FakeMedia();
      return audio.element;
    },
    storage: () => null,
  });
  return {
    player: store,
    usePlayerValue: <T,>(select: (state: ReturnType<typeof store.getSnapshot>) => T) =>
      useSyncExternalStore(store.subscribe, () => select(store.getSnapshot())),
  };
});

const episode: PlayerEpisode = {
  id: 57,
  title: "Mastering at Home",
  showTitle: "Bedroom to Master",
  showSlug: "bedroom-to-master",
  artworkUrl: "/art/podcast/bedroom-to-master.svg",
  audioUrl: "/media/podcasts/bedroom-to-master/ep57-d403e4ff20.mp3",
  durationSeconds: 27,
};
const cues = [
  { start: 2, end: 3.048, text: "Bedroom to Master." },
  { start: 3.548, end: 8.354, text: "Episode 57: Mastering at Home." },
  { start: 8.854, end: 10.542, text: "Hosted by Theo Lindqvist." },
];

describe("EpisodeTranscript", () => {
  it("shows every cue as text with its time, none current before the episode plays", () => {
    render(<EpisodeTranscript cues={cues} episode={episode} />);
    expect(screen.getByRole("button", { name: "0:03 Episode 57: Mastering at Home." })).toBeVisible();
    expect(screen.getAllByRole("button")).toHaveLength(3);
    expect(document.querySelector("[aria-current]")).toBeNull();
  });

  it("plays from a clicked cue and marks the cue being spoken as the position moves", async () => {
    render(<EpisodeTranscript cues={cues} episode={episode} />);
    await userEvent.click(screen.getByRole("button", { name: /Hosted by/ }));
    expect(player.getSnapshot()).toMatchObject({ playing: true, position: 8.854, episode: { id: 57 } });
    expect(screen.getByRole("button", { name: /Hosted by/ })).toHaveAttribute("aria-current", "true");
    act(() => player.seek(2.5));
    expect(screen.getByRole("button", { name: /Bedroom to Master/ })).toHaveAttribute("aria-current", "true");
    expect(document.querySelectorAll("[aria-current]")).toHaveLength(1);
    act(() => player.close());
  });

  it("is plain text when the episode has no audio", () => {
    render(<EpisodeTranscript cues={cues} episode={null} />);
    expect(screen.queryByRole("button")).toBeNull();
    expect(screen.getByText("Hosted by Theo Lindqvist.")).toBeVisible();
  });
});

describe("EpisodeChapters", () => {
  const chapters = [
    { startTime: 0, title: "Intro" },
    { startTime: 71.5, title: "About this episode" },
  ];

  it("lists chapters with their start as m:ss; Enter on one plays the episode from there", async () => {
    render(<EpisodeChapters chapters={chapters} episode={episode} />);
    const about = screen.getByRole("button", { name: "1:11 About this episode" });
    about.focus();
    await userEvent.keyboard("{Enter}");
    expect(player.getSnapshot()).toMatchObject({ playing: true, position: 27, episode: { id: 57 } });
    expect(audio.element?.src).toBe(episode.audioUrl);
    act(() => player.close());
    await userEvent.click(screen.getByRole("button", { name: "0:00 Intro" }));
    expect(player.getSnapshot()).toMatchObject({ playing: true, position: 0 });
    act(() => player.close());
  });
});
