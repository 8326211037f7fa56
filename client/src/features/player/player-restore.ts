// Apart from player-memory.ts, which player-settings.ts reads its defaults from.
import { type PlayerMemory, resumePoint, savedPosition } from "./player-memory";
import { clamp, MAX_RATE, MIN_RATE } from "./player-settings";
import type { PlayerState } from "./player-types";

/** The player as this device left it: settings, positions, and the episode at its resume point. */
export function restoredState(memory: PlayerMemory): Partial<PlayerState> {
  const { episode } = memory;
  const duration = episode?.durationSeconds ?? null;
  return {
    saved: memory.positions,
    rate: clamp(memory.rate, MIN_RATE, MAX_RATE),
    volume: clamp(memory.volume, 0, 1),
    muted: memory.muted,
    episode,
    duration,
    position: episode ? resumePoint(savedPosition(memory.positions, episode.id), duration) : 0,
  };
}
