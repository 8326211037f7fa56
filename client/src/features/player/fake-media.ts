import type { PlayerMedia, PlayerStorage } from "./player-types";

/**
 * An `<audio>` element for tests (jsdom plays no audio): it records what the player asks of it,
 * and the test plays the browser's part by calling `loadMetadata`, `advance`, `emit`.
 */
export class FakeMedia implements PlayerMedia {
  private source = "";
  currentTime = 0;
  duration = Number.NaN;
  playbackRate = 1;
  defaultPlaybackRate = 1;
  volume = 1;
  muted = false;
  paused = true;
  preload = "";
  readyState = 0;
  /** What the next play() answers; a rejection's name is what the player reads. */
  playOutcome: () => Promise<void> = () => Promise.resolve();
  private readonly listeners = new Map<string, Array<() => void>>();

  get src(): string {
    return this.source;
  }

  /** A new source starts over, as in a browser: nothing known, nothing buffered. */
  set src(value: string) {
    this.source = value;
    this.duration = Number.NaN;
    this.readyState = 0;
  }

  addEventListener(type: string, listener: () => void): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }

  emit(type: string): void {
    for (const listener of this.listeners.get(type) ?? []) listener();
  }

  play(): Promise<void> {
    this.paused = false;
    return this.playOutcome();
  }

  pause(): void {
    if (this.paused) return;
    this.paused = true;
    this.emit("pause");
  }

  load(): void {
    this.readyState = 0;
  }

  removeAttribute(name: string): void {
    if (name === "src") this.source = "";
  }

  /** The browser read the file's header: it now knows the length and can play. */
  loadMetadata(duration: number): void {
    this.duration = duration;
    this.readyState = 4;
    this.emit("durationchange");
    this.emit("loadedmetadata");
    this.emit("playing");
  }

  /** `seconds` of playback went by. */
  advance(seconds: number): void {
    this.currentTime = Math.min(this.duration, this.currentTime + seconds);
    this.emit("timeupdate");
  }
}

/** A localStorage stand-in that counts its writes. */
export class MemoryStorage implements PlayerStorage {
  readonly items = new Map<string, string>();
  writes = 0;

  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }

  setItem(key: string, value: string): void {
    this.writes++;
    this.items.set(key, value);
  }
}

/** A fake error with the name a media play() rejection carries. */
export function domError(name: string): Error {
  const error = new Error(name);
  error.name = name;
  return error;
}
