import { describe, expect, it } from "vitest";
import {
  elapsedSeconds,
  initialProgressState,
  progressReducer,
  UNKNOWN_DURATION_SECONDS,
} from "./simulated-progress";

describe("the simulated episode progress", () => {
  it("starts paused at 35 %", () => {
    expect(initialProgressState(7)).toEqual({ episodeId: 7, playing: false, progress: 35 });
  });

  it("toggles play and pause, and does nothing without an episode", () => {
    const playing = progressReducer(initialProgressState(7), { type: "toggle" });
    expect(playing).toMatchObject({ playing: true, progress: 35 });
    expect(progressReducer(playing, { type: "toggle" })).toMatchObject({ playing: false, progress: 35 });
    const none = initialProgressState(null);
    expect(progressReducer(none, { type: "toggle" })).toBe(none);
  });

  it("choosing another episode selects it, plays it and starts from 0", () => {
    const state = progressReducer(initialProgressState(7), { type: "select", episodeId: 9 });
    expect(state).toEqual({ episodeId: 9, playing: true, progress: 0 });
  });

  it("choosing the current episode again toggles it", () => {
    const state = progressReducer(initialProgressState(7), { type: "select", episodeId: 7 });
    expect(state).toEqual({ episodeId: 7, playing: true, progress: 35 });
  });

  it("advances by the share of the duration played, only while playing", () => {
    const paused = initialProgressState(7);
    expect(progressReducer(paused, { type: "tick", seconds: 1, durationSeconds: 100 })).toBe(paused);
    const playing = { ...paused, playing: true };
    expect(progressReducer(playing, { type: "tick", seconds: 10, durationSeconds: 100 }).progress).toBe(45);
    const unknown = progressReducer(playing, { type: "tick", seconds: 18, durationSeconds: null });
    expect(unknown.progress).toBeCloseTo(35 + (18 / UNKNOWN_DURATION_SECONDS) * 100);
  });

  it("stops at 100 %, and play after the end starts over", () => {
    const ended = progressReducer(
      { episodeId: 7, playing: true, progress: 99 },
      { type: "tick", seconds: 60, durationSeconds: 100 },
    );
    expect(ended).toEqual({ episodeId: 7, playing: false, progress: 100 });
    expect(progressReducer(ended, { type: "toggle" })).toEqual({ episodeId: 7, playing: true, progress: 0 });
  });

  it("elapsed time is the duration times the progress", () => {
    expect(elapsedSeconds(3858, 35)).toBe(1350);
    expect(elapsedSeconds(100, 0)).toBe(0);
  });
});
