import { createListeners } from "./listeners";
import {
  finishedFrom,
  readMemory,
  rememberPosition,
  resumePoint,
  savedPosition,
  writeMemory,
} from "./player-memory";
import { restoredState } from "./player-restore";
import {
  CAN_PLAY,
  clamp,
  finite,
  INITIAL_PLAYER_STATE,
  MAX_RATE,
  MIN_RATE,
  PLAYBACK_RATES,
  SAVE_INTERVAL_MS,
} from "./player-settings";
import { createStallWatch } from "./player-stall";
import type { PlayerEpisode, PlayerMedia, PlayerState, PlayerStorage } from "./player-types";

export interface PlayerDependencies {
  /** Called once, on the first play: the one `<audio>` element of the page. */
  createMedia: () => PlayerMedia;
  /** Where to remember positions and settings; null when there is none. */
  storage: () => PlayerStorage | null;
  now?: () => number;
}

export type PlayerStore = ReturnType<typeof createPlayerStore>;

/**
 * The site's one player: a single media element, what it plays and where each episode was left.
 * Framework-free; React reads it with useSyncExternalStore (player.ts).
 */
export function createPlayerStore({ createMedia, storage, now = Date.now }: PlayerDependencies) {
  let state = INITIAL_PLAYER_STATE;
  const listeners = createListeners();
  /** Told when an episode plays to its end (the queue starts the next one, the sleep timer stops). */
  const endListeners = createListeners<[PlayerEpisode]>();
  let media: PlayerMedia | null = null;
  /** The episode audio the element holds; null until one is loaded. */
  let loaded: string | null = null;
  /** A start position the element has not reached yet (set before its metadata loaded). */
  let pendingStart: number | null = null;
  let lastSave = Number.NEGATIVE_INFINITY;
  let restored = false;

  const set = (patch: Partial<PlayerState>) => {
    state = { ...state, ...patch };
    listeners.notify();
  };

  /** Remembers the current position (throttled unless `now`) and the settings. */
  const save = (force: boolean) => {
    if (!force && now() - lastSave < SAVE_INTERVAL_MS) return;
    lastSave = now();
    const { episode, position, duration, rate, volume, muted } = state;
    const saved = episode ? rememberPosition(state.saved, episode.id, position, duration) : state.saved;
    if (saved !== state.saved) set({ saved });
    const store = storage();
    if (store) writeMemory(store, { episode, rate, volume, muted, positions: saved });
  };

  const fail = () => {
    stopWatching();
    set({ failed: true, playing: false, buffering: false });
  };
  const stall = createStallWatch({
    position: () => state.position,
    waiting: () => state.buffering,
    onStall: () => {
      // Stop asking: audio arriving much later would start by surprise under the error.
      media?.pause();
      fail();
    },
  });
  const stopWatching = stall.stop;
  const watchStall = stall.watch;

  const mediaElement = (): PlayerMedia => {
    if (media) return media;
    const element = createMedia();
    element.preload = "metadata";
    const on = (type: string, handle: () => void) => element.addEventListener(type, handle);
    const knownDuration = () => finite(element.duration) ?? state.episode?.durationSeconds ?? null;
    on("loadedmetadata", () => {
      set({ duration: knownDuration() });
      if (pendingStart !== null) {
        const start = clamp(pendingStart, 0, state.duration ?? pendingStart);
        if (Math.abs(element.currentTime - start) > 0.5) element.currentTime = start;
        pendingStart = null;
      }
    });
    on("durationchange", () => set({ duration: knownDuration() }));
    on("timeupdate", () => {
      if (state.failed || loaded === null) return;
      set({ position: pendingStart ?? element.currentTime });
      if (state.playing) save(false);
    });
    on("playing", () => {
      stopWatching();
      set({ playing: true, buffering: false, failed: false });
    });
    on("waiting", () => {
      if (!state.playing) return;
      set({ buffering: true });
      watchStall();
    });
    on("pause", () => {
      stopWatching();
      if (state.failed) return;
      set({ playing: false, buffering: false });
      save(true);
    });
    on("ended", () => {
      stopWatching();
      set({ playing: false, buffering: false, position: state.duration ?? element.currentTime });
      save(true);
      const { episode } = state;
      if (episode) endListeners.notify(episode);
    });
    on("error", () => {
      if (loaded !== null) fail();
    });
    media = element;
    return element;
  };

  /** Starts (or resumes) the current episode, loading its audio first when needed. */
  const start = () => {
    const { episode } = state;
    if (!episode) return;
    const element = mediaElement();
    if (loaded !== episode.audioUrl || state.failed) {
      loaded = episode.audioUrl;
      element.src = episode.audioUrl;
      element.defaultPlaybackRate = state.rate;
      element.playbackRate = state.rate;
      element.volume = state.volume;
      element.muted = state.muted;
      pendingStart = state.position;
      try {
        element.currentTime = state.position;
      } catch {
        // Some browsers refuse a position before the metadata: it is set on loadedmetadata.
      }
    } else if (state.duration !== null && state.position >= finishedFrom(state.duration)) {
      element.currentTime = 0;
      set({ position: 0 });
    }
    set({ playing: true, failed: false, buffering: element.readyState < CAN_PLAY });
    if (state.buffering) watchStall();
    element.play().catch((error: unknown) => {
      const name = error instanceof Error ? error.name : "";
      // A pause or a new source interrupted the start: nothing failed.
      if (name === "AbortError") return;
      // The browser wants a gesture first: stay paused, ready to play.
      if (name === "NotAllowedError") {
        stopWatching();
        set({ playing: false, buffering: false });
        return;
      }
      fail();
    });
  };

  /** Puts `episode` in the player (remembering where the previous one was), at its resume point. */
  const select = (episode: PlayerEpisode) => {
    if (state.episode?.id === episode.id) return;
    if (state.episode) save(true);
    media?.pause();
    stopWatching();
    set({
      episode,
      playing: false,
      buffering: false,
      failed: false,
      duration: episode.durationSeconds,
      position: resumePoint(savedPosition(state.saved, episode.id), episode.durationSeconds),
    });
    save(true);
  };

  /** Plays `episode` (switching to it if another is in the player), or the current one; after a failure, loads the audio again. */
  const play = (episode?: PlayerEpisode) => {
    if (episode) select(episode);
    start();
  };

  const seek = (seconds: number) => {
    if (!state.episode) return;
    const position = clamp(seconds, 0, state.duration ?? Math.max(seconds, 0));
    if (media && loaded === state.episode.audioUrl) {
      if (pendingStart !== null) pendingStart = position;
      media.currentTime = position;
    }
    set({ position });
    save(false);
  };

  const pause = () => {
    stopWatching();
    media?.pause();
    if (state.playing) set({ playing: false, buffering: false });
    save(true);
  };

  const setRate = (rate: number) => {
    const next = clamp(Math.round(rate * 100) / 100, MIN_RATE, MAX_RATE);
    if (media) {
      media.defaultPlaybackRate = next;
      media.playbackRate = next;
    }
    set({ rate: next });
    save(true);
  };

  const setVolume = (volume: number) => {
    const next = clamp(volume, 0, 1);
    const muted = next === 0 ? state.muted : false;
    if (media) {
      media.volume = next;
      media.muted = muted;
    }
    set({ volume: next, muted });
    save(true);
  };

  return {
    subscribe: listeners.subscribe,
    getSnapshot: () => state,
    /** What a page rendered on the server shows: nothing in the player. */
    getServerSnapshot: () => INITIAL_PLAYER_STATE,

    /** Reads what this device remembers (once, in the browser, after the page has hydrated). */
    restore() {
      if (restored) return;
      restored = true;
      const store = storage();
      if (store) set(restoredState(readMemory(store)));
    },
    play,
    /** Puts `episode` in the player, paused at its resume point (nothing loads until Play). */
    cue: select,
    /** Calls `listener` each time an episode plays to its end; returns an unsubscribe. */
    onEnded: endListeners.subscribe,
    /** Pauses `episode` if it is the one playing, else plays it. */
    toggle(episode?: PlayerEpisode) {
      const same = !episode || episode.id === state.episode?.id;
      if (same && state.playing) pause();
      else play(episode);
    },
    pause,
    seek,
    /** Plays `episode` (switching to it if need be) from `seconds` in: a chapter, a cue, a shared `?t=`. */
    playFrom(episode: PlayerEpisode, seconds: number) {
      select(episode);
      seek(seconds);
      start();
    },
    skip: (seconds: number) => seek(state.position + seconds),
    setRate,
    /** The next speed of PLAYBACK_RATES after the current one, back to the first after the last. */
    cycleRate() {
      setRate(PLAYBACK_RATES.find((rate) => rate > state.rate + 0.001) ?? PLAYBACK_RATES[0]);
    },
    setVolume,
    toggleMute() {
      const muted = !state.muted;
      if (media) media.muted = muted;
      set({ muted });
      save(true);
    },
    /** Stops, remembers the position, and empties the player. */
    close() {
      pause();
      if (media) {
        media.removeAttribute("src");
        media.load();
      }
      loaded = null;
      pendingStart = null;
      set({
        ...INITIAL_PLAYER_STATE,
        saved: state.saved,
        rate: state.rate,
        volume: state.volume,
        muted: state.muted,
      });
      save(true);
    },
    /** Writes the position now (the page is being left). */
    flush: () => save(true),
  };
}
