import type { InsightEvent } from "@waveform/contracts/insights";
import { describe, expect, it } from "vitest";
import { watchPlays } from "./play-tracking";
import { INITIAL_PLAYER_STATE } from "./player-settings";
import type { PlayerEpisode, PlayerState } from "./player-types";

const episode = (id: number): PlayerEpisode => ({
  id,
  title: `Episode ${id}`,
  showTitle: "Show",
  showSlug: "show",
  artworkUrl: "/art.svg",
  audioUrl: `/media/${id}.mp3`,
  durationSeconds: 600,
});

/** A player whose state the test sets, step by step, as the real store's events would. */
function fakePlayer() {
  let state: PlayerState = INITIAL_PLAYER_STATE;
  const listeners = new Set<() => void>();
  const sent: InsightEvent[] = [];
  const player = {
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => state,
  };
  const set = (patch: Partial<PlayerState>) => {
    state = { ...state, ...patch };
    for (const listener of listeners) listener();
  };
  /** Plays on from the current position, `seconds` long, a quarter of a second a step. */
  const playFor = (seconds: number) => {
    for (let step = 0; step < seconds * 4; step++) set({ position: state.position + 0.25 });
  };
  watchPlays(player, (event) => sent.push(event));
  return { set, playFor, sent };
}

describe("watchPlays", () => {
  it("counts a start once the audio plays, and 30 s listened once, per episode", () => {
    const { set, playFor, sent } = fakePlayer();
    set({ episode: episode(4), playing: true, buffering: true });
    expect(sent).toEqual([]);
    set({ buffering: false });
    expect(sent).toEqual([{ kind: "play", episodeId: 4, stage: "start" }]);
    playFor(29.5);
    expect(sent).toHaveLength(1);
    playFor(1);
    expect(sent).toEqual([
      { kind: "play", episodeId: 4, stage: "start" },
      { kind: "play", episodeId: 4, stage: "listened30" },
    ]);
    // Paused and played again, further on: neither is counted again.
    set({ playing: false });
    set({ playing: true });
    playFor(60);
    expect(sent).toHaveLength(2);
  });

  it("adds up listening across pauses, but not a seek forward or back", () => {
    const { set, playFor, sent } = fakePlayer();
    set({ episode: episode(9), playing: true, position: 0 });
    playFor(10);
    set({ playing: false });
    set({ playing: true });
    playFor(10);
    // Jumps of 200 s forward and back are not listening.
    set({ position: 220 });
    set({ position: 20 });
    playFor(5);
    expect(sent.filter((event) => event.kind === "play" && event.stage === "listened30")).toEqual([]);
    playFor(5);
    expect(sent.at(-1)).toEqual({ kind: "play", episodeId: 9, stage: "listened30" });
  });

  it("counts nothing for audio that failed, and each episode on its own", () => {
    const { set, playFor, sent } = fakePlayer();
    set({ episode: episode(1), playing: true, failed: true });
    expect(sent).toEqual([]);
    set({ episode: episode(2), failed: false, position: 0 });
    playFor(20);
    // Switching episodes does not carry listening over.
    set({ episode: episode(3), position: 100 });
    playFor(15);
    expect(sent).toEqual([
      { kind: "play", episodeId: 2, stage: "start" },
      { kind: "play", episodeId: 3, stage: "start" },
    ]);
  });
});
