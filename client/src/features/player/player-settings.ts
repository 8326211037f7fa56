// The player's fixed settings and starting state, apart from the state machine (player-store.ts).
import { DEFAULT_MEMORY } from "./player-memory";
import type { PlayerState } from "./player-types";

/** The speeds the speed button goes through, in order. */
export const PLAYBACK_RATES = [0.75, 1, 1.25, 1.5, 2] as const;
export const MIN_RATE = PLAYBACK_RATES[0];
export const MAX_RATE = PLAYBACK_RATES[4];
/** Positions are written at most this often while playing (and at once on pause, seek, close). */
export const SAVE_INTERVAL_MS = 5_000;
/** Waiting this long for audio that does not come is a failure, never a silent stall. */
export const STALL_LIMIT_MS = 20_000;
/** readyState from which the audio can play on (HAVE_FUTURE_DATA). */
export const CAN_PLAY = 3;

export const INITIAL_PLAYER_STATE: PlayerState = {
  episode: null,
  playing: false,
  buffering: false,
  failed: false,
  position: 0,
  duration: null,
  rate: DEFAULT_MEMORY.rate,
  volume: DEFAULT_MEMORY.volume,
  muted: DEFAULT_MEMORY.muted,
  saved: {},
};

export const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
export const finite = (value: number) => (Number.isFinite(value) && value > 0 ? value : null);
