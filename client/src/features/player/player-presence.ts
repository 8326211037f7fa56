/**
 * What the page's first load needs to know about the player, without the player (decision 0019):
 * whether this device remembers an episode to show again, and when the player's code has arrived
 * (a play button's section loaded it). The player itself loads with the first play button.
 */

/** One localStorage entry for everything the player remembers on this device. */
export const PLAYER_STORAGE_KEY = "waveform-player";

/** This device remembers an episode in the player (the dock then loads the player at once). */
export function remembersEpisode(): boolean {
  try {
    const memory: unknown = JSON.parse(localStorage.getItem(PLAYER_STORAGE_KEY) ?? "null");
    return typeof memory === "object" && memory !== null && "episode" in memory && memory.episode !== null;
  } catch {
    // Storage refused or unreadable: the player's own reading decides, when it loads.
    return false;
  }
}

let arrived = false;
const waiting = new Set<() => void>();

/** Called once by the player module when it is evaluated in the browser. */
export function announcePlayer(): void {
  arrived = true;
  for (const listener of waiting) listener();
  waiting.clear();
}

/** Calls `listener` once the player module is there (at once if it is); returns an unsubscribe. */
export function whenPlayerArrives(listener: () => void): () => void {
  if (arrived) {
    listener();
    return () => {};
  }
  waiting.add(listener);
  return () => waiting.delete(listener);
}
