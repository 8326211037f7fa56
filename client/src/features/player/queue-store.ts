import { createListeners } from "./listeners";
import { readEpisode } from "./player-memory";
import type { PlayerEpisode, PlayerStorage } from "./player-types";

/** The device's "Up next" list, apart from the player's own memory (player-memory.ts). */
export const QUEUE_STORAGE_KEY = "waveform-queue";
/** The stored shape's version: a list stored by another version reads as empty. */
export const QUEUE_VERSION = 1;
/** At most this many episodes wait in the queue. */
export const QUEUE_LIMIT = 100;

export type QueuePlace = "next" | "last";
/** What an add did: added, moved (it was queued already), or nothing (it is playing; the queue is full). */
export type QueueOutcome = "added" | "moved" | "playing" | "full";

const EMPTY: readonly PlayerEpisode[] = [];

/** The stored queue: valid episodes only, each once, at most QUEUE_LIMIT; anything unreadable is an empty queue. */
export function readQueue(storage: PlayerStorage): readonly PlayerEpisode[] {
  let stored: unknown;
  try {
    stored = JSON.parse(storage.getItem(QUEUE_STORAGE_KEY) ?? "null");
  } catch {
    return EMPTY;
  }
  if (typeof stored !== "object" || stored === null) return EMPTY;
  const { version, episodes } = stored as { version?: unknown; episodes?: unknown };
  if (version !== QUEUE_VERSION || !Array.isArray(episodes)) return EMPTY;
  const seen = new Set<number>();
  const read: PlayerEpisode[] = [];
  for (const value of episodes) {
    const episode = readEpisode(value);
    if (!episode || seen.has(episode.id)) continue;
    seen.add(episode.id);
    read.push(episode);
    if (read.length === QUEUE_LIMIT) break;
  }
  return read;
}

/** Writes the queue; a full or refused storage only costs the memory of it. */
function writeQueue(storage: PlayerStorage, episodes: readonly PlayerEpisode[]): void {
  try {
    storage.setItem(QUEUE_STORAGE_KEY, JSON.stringify({ version: QUEUE_VERSION, episodes }));
  } catch {
    // The queue works for this visit without being remembered.
  }
}

/**
 * The episodes waiting to play after the current one, in order. Framework-free; React reads it with
 * useSyncExternalStore (up-next.ts). Every change is written to `storage`.
 */
export function createQueueStore({ storage }: { storage: () => PlayerStorage | null }) {
  let episodes: readonly PlayerEpisode[] = EMPTY;
  let restored = false;
  const listeners = createListeners();
  const set = (next: readonly PlayerEpisode[]) => {
    episodes = next;
    listeners.notify();
    const store = storage();
    if (store) writeQueue(store, next);
  };
  const indexOf = (id: number) => episodes.findIndex((episode) => episode.id === id);

  return {
    subscribe: listeners.subscribe,
    getSnapshot: () => episodes,
    getServerSnapshot: () => EMPTY,
    /** Reads the queue this device kept (once). */
    restore() {
      if (restored) return;
      restored = true;
      const store = storage();
      if (!store) return;
      episodes = readQueue(store);
      listeners.notify();
    },
    /**
     * Queues `episode` first ("next") or last; one already queued moves there. The episode in the
     * player (`currentId`) is not queued.
     */
    add(episode: PlayerEpisode, place: QueuePlace, currentId: number | null): QueueOutcome {
      if (episode.id === currentId) return "playing";
      const others = episodes.filter((queued) => queued.id !== episode.id);
      const moved = others.length !== episodes.length;
      if (!moved && others.length >= QUEUE_LIMIT) return "full";
      set(place === "next" ? [episode, ...others] : [...others, episode]);
      return moved ? "moved" : "added";
    },
    /** Moves the episode `id` to `index` (clamped to the list); false when nothing moved. */
    move(id: number, index: number): boolean {
      const from = indexOf(id);
      const to = Math.min(Math.max(0, Math.trunc(index)), episodes.length - 1);
      if (from < 0 || from === to) return false;
      const next = [...episodes];
      const [episode] = next.splice(from, 1);
      if (episode) next.splice(to, 0, episode);
      set(next);
      return true;
    },
    remove(id: number) {
      if (indexOf(id) >= 0) set(episodes.filter((episode) => episode.id !== id));
    },
    clear() {
      if (episodes.length > 0) set(EMPTY);
    },
    /** Takes the first episode off the queue (the one to play next); null when it is empty. */
    take(): PlayerEpisode | null {
      const [first, ...rest] = episodes;
      if (!first) return null;
      set(rest);
      return first;
    },
  };
}
