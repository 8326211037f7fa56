import type { InsightEvent } from "@waveform/contracts/insights";
import type { PlayerState } from "./player-types";

/** Seconds of an episode played, in all, that count as listened (issue 33). */
const LISTENED_SECONDS = 30;
/**
 * A step of the position larger than this between two of the player's updates (about 4 a second) is
 * a seek, not listening; so is any step back.
 */
const MAX_STEP_SECONDS = 5;

interface WatchedPlayer {
  subscribe(listener: () => void): () => void;
  getSnapshot(): PlayerState;
}

/**
 * Counts the site's player's plays: `start` once an episode's audio is really playing (not while it
 * is still buffering, and not when it failed), `listened30` once 30 s of it have been played in
 * all (seeking over a part does not count it as heard), each once per episode while the page is
 * open. Called by the player module, so none of this loads on a page without a player.
 */
export function watchPlays(player: WatchedPlayer, send: (event: InsightEvent) => void): () => void {
  const started = new Set<number>();
  const heard = new Map<number, number>();
  let last: { id: number; position: number } | null = null;

  return player.subscribe(() => {
    const { episode, playing, buffering, failed, position } = player.getSnapshot();
    if (!episode || !playing || buffering || failed) {
      last = null;
      return;
    }
    const id = episode.id;
    if (!started.has(id)) {
      started.add(id);
      send({ kind: "play", episodeId: id, stage: "start" });
    }
    const step = last?.id === id ? position - last.position : 0;
    last = { id, position };
    const before = heard.get(id) ?? 0;
    if (before >= LISTENED_SECONDS || step <= 0 || step > MAX_STEP_SECONDS) return;
    heard.set(id, before + step);
    if (before + step >= LISTENED_SECONDS) send({ kind: "play", episodeId: id, stage: "listened30" });
  });
}
