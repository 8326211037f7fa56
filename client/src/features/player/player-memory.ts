import { PLAYER_STORAGE_KEY } from "./player-presence";
import type { PlayerEpisode, PlayerStorage } from "./player-types";

export { PLAYER_STORAGE_KEY };

/** Positions of this many episodes are kept (the most recently played). */
export const REMEMBERED_EPISODES = 100;

export interface PlayerMemory {
  /** The episode in the player when the page was left (shown again, paused), or null. */
  episode: PlayerEpisode | null;
  rate: number;
  volume: number;
  muted: boolean;
  /** Seconds into each episode, oldest first, by positionKey (not a bare number, which objects sort). */
  positions: Record<string, number>;
}

export const DEFAULT_MEMORY: PlayerMemory = {
  episode: null,
  rate: 1,
  volume: 1,
  muted: false,
  positions: {},
};

/** The key of an episode's position: "e42" keeps insertion order (integer-like keys sort first). */
const positionKey = (episodeId: number) => `e${episodeId}`;

/** Where `episodeId` was left, if it was. */
export function savedPosition(
  positions: Readonly<Record<string, number>>,
  episodeId: number,
): number | undefined {
  return positions[positionKey(episodeId)];
}

/**
 * An episode counts as finished this close to its end (5 % of it, at most 10 s), so a visitor who
 * stopped during the last words starts the next listen from the beginning.
 */
export function finishedFrom(duration: number): number {
  return duration - Math.min(10, duration * 0.05);
}

/** Where to start an episode: its remembered position, or 0 when there is none or it was finished. */
export function resumePoint(saved: number | undefined, duration: number | null): number {
  if (saved === undefined || !Number.isFinite(saved) || saved <= 0) return 0;
  if (duration !== null && saved >= finishedFrom(duration)) return 0;
  return saved;
}

/**
 * The positions with `episodeId` at `position` (moved to the newest end), or without it once the
 * episode is finished; the oldest are dropped past REMEMBERED_EPISODES.
 */
export function rememberPosition(
  positions: Readonly<Record<string, number>>,
  episodeId: number,
  position: number,
  duration: number | null,
): Record<string, number> {
  const key = positionKey(episodeId);
  const { [key]: _previous, ...others } = positions;
  if (resumePoint(position, duration) === 0) return others;
  const next = { ...others, [key]: Math.round(position * 10) / 10 };
  const keys = Object.keys(next);
  for (const old of keys.slice(0, Math.max(0, keys.length - REMEMBERED_EPISODES))) delete next[old];
  return next;
}

const isText = (value: unknown): value is string => typeof value === "string";
const isNumber = (value: unknown): value is number => typeof value === "number" && Number.isFinite(value);

/** A chapters address the player may fetch: a path on this site, never another origin. */
const isSitePath = (value: unknown): value is string => isText(value) && /^\/(?![/\\])\S*$/.test(value);

/** An episode as stored on this device (the player's memory, the queue); null when it is not one. */
export function readEpisode(value: unknown): PlayerEpisode | null {
  if (typeof value !== "object" || value === null) return null;
  const item = value as Record<string, unknown>;
  const { id, title, showTitle, showSlug, artworkUrl, audioUrl, durationSeconds, chaptersUrl } = item;
  if (!isNumber(id) || !isText(title) || !isText(showTitle) || !isText(artworkUrl) || !isText(audioUrl)) {
    return null;
  }
  return {
    id,
    title,
    showTitle,
    showSlug: isText(showSlug) ? showSlug : null,
    artworkUrl,
    audioUrl,
    durationSeconds: isNumber(durationSeconds) ? durationSeconds : null,
    chaptersUrl: isSitePath(chaptersUrl) ? chaptersUrl : null,
  };
}

function readPositions(value: unknown): Record<string, number> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return {};
  return Object.fromEntries(
    Object.entries(value).filter(
      (entry): entry is [string, number] => isNumber(entry[1]) && /^e\d+$/.test(entry[0]) && entry[1] > 0,
    ),
  );
}

/** What was remembered; anything missing or malformed reads as the default. */
export function readMemory(storage: PlayerStorage): PlayerMemory {
  let stored: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(storage.getItem(PLAYER_STORAGE_KEY) ?? "null");
    if (typeof parsed !== "object" || parsed === null) return DEFAULT_MEMORY;
    stored = parsed as Record<string, unknown>;
  } catch {
    return DEFAULT_MEMORY;
  }
  return {
    episode: readEpisode(stored.episode),
    rate: isNumber(stored.rate) ? stored.rate : DEFAULT_MEMORY.rate,
    volume: isNumber(stored.volume) ? stored.volume : DEFAULT_MEMORY.volume,
    muted: stored.muted === true,
    positions: readPositions(stored.positions),
  };
}

/** Writes what to remember; a full or refused storage (private browsing) only costs the memory. */
export function writeMemory(storage: PlayerStorage, memory: PlayerMemory): void {
  try {
    storage.setItem(PLAYER_STORAGE_KEY, JSON.stringify(memory));
  } catch {
    // Nothing to do: the player works without remembering.
  }
}
