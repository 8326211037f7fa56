import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createSleepTimer } from "./sleep-timer";

beforeEach(() => vi.useFakeTimers({ now: 0 }));
afterEach(() => vi.useRealTimers());

function newTimer() {
  const onSleep = vi.fn();
  return { timer: createSleepTimer({ onSleep }), onSleep };
}

describe("the sleep timer", () => {
  it("pauses after the minutes chosen, counting down, then is off", () => {
    const { timer, onSleep } = newTimer();
    expect(timer.getSnapshot()).toEqual({ kind: "off" });
    expect(timer.remaining()).toBeNull();
    timer.choose(15);
    expect(timer.getSnapshot()).toMatchObject({ kind: "timer", minutes: 15 });
    vi.advanceTimersByTime(14 * 60_000);
    expect(timer.remaining()).toBe(60_000);
    expect(onSleep).not.toHaveBeenCalled();
    vi.advanceTimersByTime(60_000);
    expect(onSleep).toHaveBeenCalledTimes(1);
    expect(timer.getSnapshot()).toEqual({ kind: "off" });
    vi.advanceTimersByTime(60 * 60_000);
    expect(onSleep).toHaveBeenCalledTimes(1);
  });

  it("starts over on a new choice, and a cancelled timer never pauses", () => {
    const { timer, onSleep } = newTimer();
    timer.choose(60);
    vi.advanceTimersByTime(50 * 60_000);
    timer.choose(30);
    vi.advanceTimersByTime(20 * 60_000);
    expect(onSleep).not.toHaveBeenCalled();
    expect(timer.remaining()).toBe(10 * 60_000);
    timer.cancel();
    vi.advanceTimersByTime(60 * 60_000);
    expect(onSleep).not.toHaveBeenCalled();
    timer.choose(15);
    timer.choose("off");
    vi.advanceTimersByTime(60 * 60_000);
    expect(onSleep).not.toHaveBeenCalled();
  });

  it("at the end of the episode: holds the next episode back once, then is off", () => {
    const { timer, onSleep } = newTimer();
    expect(timer.episodeEnded()).toBe(false);
    timer.choose("end");
    expect(timer.remaining()).toBeNull();
    vi.advanceTimersByTime(120 * 60_000);
    expect(timer.getSnapshot()).toEqual({ kind: "end" });
    expect(timer.episodeEnded()).toBe(true);
    expect(timer.getSnapshot()).toEqual({ kind: "off" });
    expect(timer.episodeEnded()).toBe(false);
    // The episode's end paused it already: the timer itself pauses nothing.
    expect(onSleep).not.toHaveBeenCalled();
  });

  it("tells its listeners when it changes and when it goes off", () => {
    const { timer } = newTimer();
    const listener = vi.fn();
    timer.subscribe(listener);
    timer.choose(15);
    vi.advanceTimersByTime(15 * 60_000);
    expect(listener).toHaveBeenCalledTimes(2);
  });
});
