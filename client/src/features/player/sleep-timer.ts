import { createListeners } from "./listeners";

/** The sleep timer's choices: off, at the end of the episode, or after so many minutes. */
export const SLEEP_MINUTES = [15, 30, 60] as const;
export type SleepChoice = "off" | "end" | (typeof SLEEP_MINUTES)[number];

export type SleepState =
  | { kind: "off" }
  | { kind: "end" }
  | { kind: "timer"; minutes: number /** ms since the epoch (`now()`) */; endsAt: number };

const OFF: SleepState = { kind: "off" };

interface SleepTimerDependencies {
  /** Pauses the player: the time is up. */
  onSleep: () => void;
  now?: () => number;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

/**
 * Pauses the player after 15, 30 or 60 minutes, or when the episode ends (then the queue does not
 * start the next one). Framework-free; the mini-player shows its state and the time left.
 */
export function createSleepTimer({
  onSleep,
  now = Date.now,
  setTimer = (run, ms) => setTimeout(run, ms),
  clearTimer = (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
}: SleepTimerDependencies) {
  let state: SleepState = OFF;
  let timer: unknown = null;
  const listeners = createListeners();
  const set = (next: SleepState) => {
    if (timer !== null) clearTimer(timer);
    timer = null;
    state = next;
    listeners.notify();
  };
  const sleep = () => {
    set(OFF);
    onSleep();
  };

  return {
    subscribe: listeners.subscribe,
    getSnapshot: () => state,
    getServerSnapshot: () => OFF,
    choose(choice: SleepChoice) {
      if (choice === "off") set(OFF);
      else if (choice === "end") set({ kind: "end" });
      else {
        const ms = choice * 60_000;
        set({ kind: "timer", minutes: choice, endsAt: now() + ms });
        timer = setTimer(sleep, ms);
      }
    },
    cancel: () => set(OFF),
    /** Milliseconds left on a minutes timer (0 at the end); null for none or "end of episode". */
    remaining(): number | null {
      return state.kind === "timer" ? Math.max(0, state.endsAt - now()) : null;
    },
    /**
     * The episode ended: true when the timer was set for the end of the episode (it is then off,
     * and nothing else should start playing).
     */
    episodeEnded(): boolean {
      if (state.kind !== "end") return false;
      set(OFF);
      return true;
    },
  };
}
