/** What the player needs to know of an episode: enough to play it and to say what is playing. */
export interface PlayerEpisode {
  id: number;
  title: string;
  showTitle: string;
  /** The show's slug, for the link to the episode page; null when it is not known. */
  showSlug: string | null;
  artworkUrl: string;
  audioUrl: string;
  /** The feed's length in seconds, shown until the audio itself says. */
  durationSeconds: number | null;
  /** The episode's JSON chapters on this site, fetched when it plays; null (or absent, when remembered by an older build) when it has none. */
  chaptersUrl?: string | null;
}

/**
 * The part of an `<audio>` element the player uses. The browser gives a real one (created on the
 * first play); tests give a fake, since jsdom plays no audio.
 */
export interface PlayerMedia {
  src: string;
  currentTime: number;
  /** NaN until the metadata has loaded; Infinity for a live stream. */
  readonly duration: number;
  playbackRate: number;
  defaultPlaybackRate: number;
  volume: number;
  muted: boolean;
  readonly paused: boolean;
  /** 0–4: HAVE_NOTHING … HAVE_ENOUGH_DATA; 3 and up can play on. */
  readonly readyState: number;
  preload: string;
  play(): Promise<void>;
  pause(): void;
  load(): void;
  removeAttribute(name: string): void;
  addEventListener(type: string, listener: () => void): void;
}

/** Where the player keeps what it remembers (localStorage in the browser). */
export type PlayerStorage = Pick<Storage, "getItem" | "setItem">;

export interface PlayerState {
  episode: PlayerEpisode | null;
  /** The visitor wants it playing (it may still be waiting for data: `buffering`). */
  playing: boolean;
  /** Waiting for audio data while meant to be playing. */
  buffering: boolean;
  /** The audio failed (not found, network, decoding): 'This episode can't be played right now'. */
  failed: boolean;
  /** Seconds into the episode. */
  position: number;
  /** Seconds; the audio's own length once known, else the feed's; null when neither says. */
  duration: number | null;
  rate: number;
  volume: number;
  muted: boolean;
  /** Remembered positions (seconds) of episodes other than a finished one, by episode id. */
  saved: Readonly<Record<string, number>>;
}
