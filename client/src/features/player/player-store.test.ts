import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { domError, FakeMedia, MemoryStorage } from "./fake-media";
import { PLAYER_STORAGE_KEY, readMemory } from "./player-memory";
import { SAVE_INTERVAL_MS, STALL_LIMIT_MS } from "./player-settings";
import { createPlayerStore } from "./player-store";
import type { PlayerEpisode } from "./player-types";

const episode = (id: number, durationSeconds: number | null = 600): PlayerEpisode => ({
  id,
  title: `Episode ${id}`,
  showTitle: "The Green Room Sessions",
  showSlug: "green-room-sessions",
  artworkUrl: "/art/podcast/green-room-sessions.svg",
  audioUrl: `https://media.test/ep${id}.mp3`,
  durationSeconds,
});

let media: FakeMedia[];
let storage: MemoryStorage;

function newStore() {
  return createPlayerStore({
    createMedia: () => {
      const element = new FakeMedia();
      media.push(element);
      return element;
    },
    storage: () => storage,
  });
}

/** Lets play()'s promise settle. */
const settle = () => Promise.resolve().then(() => Promise.resolve());

beforeEach(() => {
  vi.useFakeTimers();
  media = [];
  storage = new MemoryStorage();
});
afterEach(() => vi.useRealTimers());

describe("player store", () => {
  it("creates no audio element until the first play, then one for everything", () => {
    const store = newStore();
    store.restore();
    expect(media).toHaveLength(0);
    store.play(episode(1));
    store.play(episode(2));
    expect(media).toHaveLength(1);
    expect(media[0]?.src).toBe("https://media.test/ep2.mp3");
  });

  it("is buffering until the audio plays, then follows its position and length", () => {
    const store = newStore();
    store.play(episode(1, null));
    expect(store.getSnapshot()).toMatchObject({ playing: true, buffering: true, duration: null });
    const audio = media[0] as FakeMedia;
    audio.loadMetadata(1800);
    audio.advance(12);
    expect(store.getSnapshot()).toMatchObject({
      playing: true,
      buffering: false,
      position: 12,
      duration: 1800,
    });
    audio.emit("waiting");
    expect(store.getSnapshot().buffering).toBe(true);
  });

  it("resumes an episode where it was paused, also after a reload", () => {
    const store = newStore();
    store.play(episode(1));
    const audio = media[0] as FakeMedia;
    audio.loadMetadata(600);
    audio.advance(42);
    store.pause();
    store.play(episode(2));
    expect(store.getSnapshot().position).toBe(0);
    store.play(episode(1));
    expect(store.getSnapshot().position).toBe(42);
    expect(audio.currentTime).toBe(42);

    // A new page: the episode is back in the player, paused at 42 s, and plays from there.
    const reloaded = newStore();
    reloaded.restore();
    expect(reloaded.getSnapshot()).toMatchObject({ episode: episode(1), position: 42, playing: false });
    reloaded.play();
    const next = media[1] as FakeMedia;
    next.currentTime = 0; // a browser may forget a start set before the metadata
    next.loadMetadata(600);
    expect(next.currentTime).toBe(42);
  });

  it("starts a finished episode again from 0", () => {
    const store = newStore();
    store.play(episode(1, 60));
    const audio = media[0] as FakeMedia;
    audio.loadMetadata(60);
    audio.advance(60);
    audio.emit("ended");
    expect(store.getSnapshot()).toMatchObject({ playing: false, position: 60 });
    expect(readMemory(storage).positions).toEqual({});
    store.play();
    expect(store.getSnapshot().position).toBe(0);
    expect(audio.currentTime).toBe(0);

    // Stopped in the last seconds counts as finished too.
    const other = newStore();
    storage.setItem(PLAYER_STORAGE_KEY, JSON.stringify({ episode: episode(1, 60), positions: { e1: 58.5 } }));
    other.restore();
    expect(other.getSnapshot().position).toBe(0);
  });

  it("clamps seeks to the episode", () => {
    const store = newStore();
    store.play(episode(1));
    const audio = media[0] as FakeMedia;
    audio.loadMetadata(300);
    store.seek(-10);
    expect(store.getSnapshot().position).toBe(0);
    store.seek(1000);
    expect(store.getSnapshot().position).toBe(300);
    expect(audio.currentTime).toBe(300);
    store.seek(100);
    store.skip(-15);
    expect(store.getSnapshot().position).toBe(85);
    store.skip(30);
    expect(audio.currentTime).toBe(115);
    store.seek(290);
    store.skip(30);
    expect(store.getSnapshot().position).toBe(300);
  });

  it("plays an episode from a given time, switching to it or within it", () => {
    const store = newStore();
    store.playFrom(episode(1), 90);
    const audio = media[0] as FakeMedia;
    expect(audio.src).toBe("https://media.test/ep1.mp3");
    expect(audio.currentTime).toBe(90);
    expect(store.getSnapshot()).toMatchObject({ playing: true, position: 90 });
    audio.loadMetadata(600);
    audio.advance(10);
    store.playFrom(episode(1), 30);
    expect(audio.currentTime).toBe(30);
    expect(store.getSnapshot()).toMatchObject({ playing: true, position: 30, episode: { id: 1 } });
    store.playFrom(episode(2), 5000);
    expect(audio.src).toBe("https://media.test/ep2.mp3");
    expect(store.getSnapshot()).toMatchObject({ playing: true, position: 600, episode: { id: 2 } });
  });

  it("cycles the speed from 0.75× to 2× and keeps it within that range", () => {
    const store = newStore();
    store.play(episode(1));
    const audio = media[0] as FakeMedia;
    const rates = [1, 2, 3, 4, 5].map(() => {
      store.cycleRate();
      return store.getSnapshot().rate;
    });
    expect(rates).toEqual([1.25, 1.5, 2, 0.75, 1]);
    store.setRate(3);
    expect(audio.playbackRate).toBe(2);
    store.setRate(0.5);
    expect(store.getSnapshot().rate).toBe(0.75);
    expect(readMemory(storage).rate).toBe(0.75);
    // A new source keeps the speed.
    store.play(episode(2));
    expect(audio.playbackRate).toBe(0.75);
  });

  it("writes the position at most every few seconds while playing, and at once on pause", () => {
    const store = newStore();
    store.play(episode(1));
    const audio = media[0] as FakeMedia;
    audio.loadMetadata(600);
    const before = storage.writes;
    for (let second = 0; second < 12; second++) {
      vi.advanceTimersByTime(1000);
      audio.advance(1);
    }
    // Saved when the episode started; then at 5 s and 10 s.
    expect(storage.writes - before).toBe(Math.floor(12_000 / SAVE_INTERVAL_MS));
    store.pause();
    expect(readMemory(storage).positions).toEqual({ e1: 12 });
    expect(readMemory(storage).episode?.id).toBe(1);
  });

  it("fails clearly on an audio error, a refused source or a stall, and plays again after", async () => {
    const store = newStore();
    store.play(episode(1));
    const audio = media[0] as FakeMedia;
    audio.emit("error");
    expect(store.getSnapshot()).toMatchObject({ failed: true, playing: false, buffering: false });

    store.play();
    expect(store.getSnapshot().failed).toBe(false);
    audio.loadMetadata(600);
    expect(store.getSnapshot().playing).toBe(true);

    audio.playOutcome = () => Promise.reject(domError("NotSupportedError"));
    store.play(episode(2));
    await settle();
    expect(store.getSnapshot().failed).toBe(true);

    audio.playOutcome = () => new Promise(() => {});
    store.play(episode(3));
    vi.advanceTimersByTime(STALL_LIMIT_MS - 1);
    expect(store.getSnapshot().failed).toBe(false);
    vi.advanceTimersByTime(1);
    expect(store.getSnapshot().failed).toBe(true);
  });

  it("stays paused, without an error, when the browser wants a gesture first", async () => {
    const store = newStore();
    store.play(episode(1));
    (media[0] as FakeMedia).playOutcome = () => Promise.reject(domError("NotAllowedError"));
    store.play();
    await settle();
    expect(store.getSnapshot()).toMatchObject({ playing: false, failed: false, buffering: false });
  });

  it("toggles, mutes, sets the volume, and closes remembering where it was", () => {
    const store = newStore();
    const first = episode(1);
    store.toggle(first);
    const audio = media[0] as FakeMedia;
    audio.loadMetadata(600);
    audio.advance(30);
    store.toggle(first);
    expect(store.getSnapshot().playing).toBe(false);
    store.toggleMute();
    expect(audio.muted).toBe(true);
    store.setVolume(0.4);
    expect(audio).toMatchObject({ volume: 0.4, muted: false });
    store.setVolume(2);
    expect(store.getSnapshot().volume).toBe(1);
    store.close();
    expect(store.getSnapshot()).toMatchObject({ episode: null, playing: false, saved: { e1: 30 } });
    expect(audio.src).toBe("");
    expect(readMemory(storage)).toMatchObject({ episode: null, positions: { e1: 30 } });
  });

  it("starts empty from missing or malformed storage, and renders nothing on the server", () => {
    storage.setItem(PLAYER_STORAGE_KEY, "{not json");
    const store = newStore();
    store.restore();
    expect(store.getSnapshot()).toEqual(store.getServerSnapshot());
    storage.setItem(PLAYER_STORAGE_KEY, JSON.stringify({ episode: { id: "x" }, rate: 9, positions: [3] }));
    const other = newStore();
    other.restore();
    expect(other.getSnapshot()).toMatchObject({ episode: null, rate: 2, saved: {} });
  });

  it("cues an episode paused without loading audio, and tells end listeners which episode ended", () => {
    const store = newStore();
    store.cue(episode(4));
    expect(store.getSnapshot()).toMatchObject({ episode: { id: 4 }, playing: false });
    expect(media).toHaveLength(0);
    const ended: number[] = [];
    const stop = store.onEnded((finished) => ended.push(finished.id));
    store.play();
    const audio = media[0] as FakeMedia;
    audio.loadMetadata(30);
    audio.advance(30);
    audio.emit("ended");
    expect(ended).toEqual([4]);
    expect(store.getSnapshot()).toMatchObject({ playing: false, position: 30 });
    stop();
    audio.emit("ended");
    expect(ended).toEqual([4]);
  });
});
