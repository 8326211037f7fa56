import { useSyncExternalStore } from "react";
import { track } from "../insights";
import { watchPlays } from "./play-tracking";
import { savedPosition } from "./player-memory";
import { announcePlayer } from "./player-presence";
import { createPlayerStore } from "./player-store";
import type { PlayerMedia, PlayerState, PlayerStorage } from "./player-types";

export function browserStorage(): PlayerStorage | null {
  try {
    return typeof localStorage === "undefined" ? null : localStorage;
  } catch {
    // Storage refused (a privacy setting): play without remembering.
    return null;
  }
}

/** The page's one `<audio>` element, made on the first play (never on the server). */
function createAudio(): PlayerMedia {
  const audio = document.createElement("audio");
  audio.hidden = true;
  audio.dataset.player = "";
  document.body.append(audio);
  // A position reached since the last (throttled) save is kept when the page is left or hidden.
  addEventListener("pagehide", () => player.flush());
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") player.flush();
  });
  return audio;
}

/** The site's player. Nothing in it touches the browser until `restore()` or the first play. */
export const player = createPlayerStore({ createMedia: createAudio, storage: browserStorage });

// The player loads with the first thing that can play (decision 0019), so it reads what this device
// remembers as it arrives, before any play (a restore after one would undo it). Components read
// it with useSyncExternalStore, whose server snapshot keeps hydration matching the server's HTML.
if (typeof document !== "undefined") {
  player.restore();
  announcePlayer();
  // Plays are counted from here, so the counting loads with the player and nowhere else (issue 33).
  watchPlays(player, track);
}

/** The whole player state; re-renders several times a second while playing. */
export function usePlayer(): PlayerState {
  return useSyncExternalStore(player.subscribe, player.getSnapshot, player.getServerSnapshot);
}

/** One value of the player state; `select` must return a primitive (compared with Object.is). */
export function usePlayerValue<T extends string | number | boolean | null>(
  select: (state: PlayerState) => T,
): T {
  return useSyncExternalStore(
    player.subscribe,
    () => select(player.getSnapshot()),
    () => select(player.getServerSnapshot()),
  );
}

export type EpisodeStatus = "idle" | "paused" | "playing" | "buffering" | "failed";

/** How the player stands with one episode: "idle" when another one (or none) is in it. */
export function episodeStatus(state: PlayerState, episodeId: number): EpisodeStatus {
  if (state.episode?.id !== episodeId) return "idle";
  if (state.failed) return "failed";
  if (state.playing) return state.buffering ? "buffering" : "playing";
  return "paused";
}

export function useEpisodeStatus(episodeId: number): EpisodeStatus {
  return usePlayerValue((state) => episodeStatus(state, episodeId));
}

/** Seconds into an episode: live while it is in the player, else where it was left (0 if never). */
export function useEpisodePosition(episodeId: number): number {
  return usePlayerValue((state) =>
    state.episode?.id === episodeId ? state.position : (savedPosition(state.saved, episodeId) ?? 0),
  );
}
