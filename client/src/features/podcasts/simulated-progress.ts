import { useEffect, useReducer } from "react";

/** The simulated progress starts at 35 % and tops out at 100. */
const STARTING_PROGRESS = 35;
export const PROGRESS_MAX = 100;
/** Simulated length for an episode whose feed gave no duration. */
export const UNKNOWN_DURATION_SECONDS = 30 * 60;

interface ProgressState {
  episodeId: number | null;
  playing: boolean;
  /** Percent of the episode played, 0–100. */
  progress: number;
}

type ProgressAction =
  | { type: "toggle" }
  | { type: "select"; episodeId: number }
  | { type: "tick"; seconds: number; durationSeconds: number | null };

export function initialProgressState(episodeId: number | null): ProgressState {
  return { episodeId, playing: false, progress: STARTING_PROGRESS };
}

export function progressReducer(state: ProgressState, action: ProgressAction): ProgressState {
  switch (action.type) {
    case "toggle":
      if (state.episodeId === null) return state;
      // Play after the end starts the episode again.
      if (!state.playing && state.progress >= PROGRESS_MAX) return { ...state, playing: true, progress: 0 };
      return { ...state, playing: !state.playing };
    case "select":
      if (action.episodeId === state.episodeId) return progressReducer(state, { type: "toggle" });
      return { episodeId: action.episodeId, playing: true, progress: 0 };
    case "tick": {
      if (!state.playing) return state;
      const duration = action.durationSeconds || UNKNOWN_DURATION_SECONDS;
      const progress = Math.min(PROGRESS_MAX, state.progress + (action.seconds / duration) * 100);
      return { ...state, progress, playing: progress < PROGRESS_MAX };
    }
  }
}

/** Seconds played at `progress` percent of `durationSeconds`. */
export function elapsedSeconds(durationSeconds: number, progress: number): number {
  return Math.floor((durationSeconds * progress) / 100);
}

/**
 * An episode's progress, simulated (no audio plays; the site's player is features/player): one
 * second of progress per second while "playing". Mount it once the episodes are known; it starts on `firstEpisodeId`, paused at 35 %.
 */
export function useSimulatedProgress(
  firstEpisodeId: number | null,
  durationOf: (episodeId: number) => number | null,
) {
  const [state, dispatch] = useReducer(progressReducer, firstEpisodeId, initialProgressState);
  const durationSeconds = state.episodeId === null ? null : durationOf(state.episodeId);

  useEffect(() => {
    if (!state.playing) return;
    const timer = setInterval(() => dispatch({ type: "tick", seconds: 1, durationSeconds }), 1000);
    return () => clearInterval(timer);
  }, [state.playing, durationSeconds]);

  return {
    ...state,
    toggle: () => dispatch({ type: "toggle" }),
    select: (episodeId: number) => dispatch({ type: "select", episodeId }),
  };
}
