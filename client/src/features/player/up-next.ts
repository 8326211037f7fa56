import { useSyncExternalStore } from "react";
import { chapterIndexAt, loadChapters, nextChapterStart, previousChapterStart } from "./chapters";
import { browserStorage, player } from "./player";
import type { PlayerEpisode } from "./player-types";
import { createQueueStore, type QueueOutcome, type QueuePlace } from "./queue-store";
import { createSleepTimer } from "./sleep-timer";

/**
 * "Up next" and the sleep timer, around the site's player. Not part of any page's first load: the
 * mini-player brings it when it opens, and a Play next / Play last button on its first use.
 */
export const queue = createQueueStore({ storage: browserStorage });
export const sleepTimer = createSleepTimer({ onSleep: () => player.pause() });

if (typeof document !== "undefined") {
  queue.restore();
  // An episode that plays to its end: the next in the queue starts, unless the sleep timer was
  // waiting for this end.
  player.onEnded(() => {
    if (sleepTimer.episodeEnded()) return;
    playNextInQueue();
  });
  // An episode started some other way (its own Play button) leaves the queue.
  let current = player.getSnapshot().episode?.id ?? null;
  player.subscribe(() => {
    const id = player.getSnapshot().episode?.id ?? null;
    if (id === current) return;
    current = id;
    if (id !== null) queue.remove(id);
  });
}

/** Plays the first episode of the queue (taking it off); false when the queue is empty. */
export function playNextInQueue(): boolean {
  const next = queue.take();
  if (next) player.play(next);
  return next !== null;
}

/** What adding to the queue did; "cued" when the player was empty and the episode went into it. */
export type AddOutcome = QueueOutcome | "cued";

/** Play next / Play last: with nothing in the player, the episode goes into it, ready to play. */
export function addToQueue(episode: PlayerEpisode, place: QueuePlace): AddOutcome {
  const current = player.getSnapshot().episode;
  if (!current) {
    player.cue(episode);
    return "cued";
  }
  return queue.add(episode, place, current.id);
}

/** What a visitor is told after Play next / Play last. */
export function addedMessage(outcome: AddOutcome, place: QueuePlace, title: string): string {
  switch (outcome) {
    case "cued":
      return `${title} is in the player`;
    case "playing":
      return `${title} is already in the player`;
    case "full":
      return "Up next is full: remove an episode first";
    default:
      return place === "next" ? `${title} plays next` : `${title} plays last in Up next`;
  }
}

/** The previous chapter (or this one's start), else the episode's start. */
export function previousChapterOrStart(chapters: readonly { startTime: number; title: string }[]) {
  const { position } = player.getSnapshot();
  player.seek(previousChapterStart(chapters, position) ?? 0);
}

/** The next chapter, else the next episode of the queue; false when there is neither. */
export function nextChapterOrEpisode(chapters: readonly { startTime: number; title: string }[]): boolean {
  const target = nextChapterStart(chapters, player.getSnapshot().position);
  if (target !== null) {
    player.seek(target);
    return true;
  }
  return playNextInQueue();
}

export { chapterIndexAt, loadChapters };

export function useQueue() {
  return useSyncExternalStore(queue.subscribe, queue.getSnapshot, queue.getServerSnapshot);
}

export function useSleepTimer() {
  return useSyncExternalStore(sleepTimer.subscribe, sleepTimer.getSnapshot, sleepTimer.getServerSnapshot);
}
