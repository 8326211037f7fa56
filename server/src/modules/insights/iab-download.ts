/**
 * Podcast downloads as the IAB Tech Lab's Podcast Measurement Technical Guidelines v2.2 count them:
 * a download counts once the bytes served to one visitor cover the file's first minute (the whole
 * file when it is shorter), once per visitor and episode per day, and `Range: bytes=0-1` probes
 * (players asking for the size) are ignored.
 */

/** The byte offset the first minute ends at: from the file's size and its length (constant bitrate). */
export function firstMinuteBytes(sizeBytes: number, durationSeconds: number | null): number {
  if (sizeBytes <= 0) return 0;
  if (durationSeconds === null || durationSeconds <= 60) return sizeBytes;
  return Math.min(sizeBytes, Math.ceil((sizeBytes * 60) / durationSeconds));
}

/** `Range: bytes=0-1` (and `bytes=0-0`): a player finding out that ranges work, not a listen. */
export function isProbe(range: string | undefined): boolean {
  return range !== undefined && /^\s*bytes\s*=\s*0\s*-\s*[01]\s*$/i.test(range);
}

/**
 * The bytes an answer served, first and last (both included): a 200 the whole file, a 206 what its
 * Content-Range says; null for anything else (a 304, a 416, HEAD).
 */
export function servedBytes(
  status: number,
  contentRange: string | undefined,
  sizeBytes: number,
): readonly [number, number] | null {
  if (status === 200) return sizeBytes > 0 ? [0, sizeBytes - 1] : null;
  if (status !== 206 || !contentRange) return null;
  const match = /^bytes (\d+)-(\d+)\/(\d+|\*)$/.exec(contentRange.trim());
  if (!match) return null;
  const start = Number(match[1]);
  const end = Number(match[2]);
  return end >= start ? [start, end] : null;
}

/** Visitors' downloads in progress kept at most (the oldest is forgotten first). */
const MAX_TRACKED = 100_000;

/**
 * Which bytes of which file each visitor has been served, until they cover the first minute. The
 * key names the day, the visitor and the episode, so a new day (a new salt) starts afresh. One
 * server sees the requests of one connection; several servers each count what they served, and the
 * database keeps one download per visitor, episode and day whichever counted it.
 */
export class DownloadCoverage {
  private readonly pending = new Map<string, Array<[number, number]>>();
  private readonly done = new Set<string>();

  constructor(private readonly maxTracked = MAX_TRACKED) {}

  /**
   * Adds bytes `start`–`end` served under `key`; true when with them the bytes served cover
   * 0 … threshold-1 for the first time (the download counts now), false otherwise.
   */
  add(key: string, start: number, end: number, threshold: number): boolean {
    if (this.done.has(key)) return false;
    const ranges = this.pending.get(key) ?? [];
    ranges.push([start, end]);
    ranges.sort((a, b) => a[0] - b[0]);
    const merged: Array<[number, number]> = [];
    for (const [from, to] of ranges) {
      const last = merged[merged.length - 1];
      if (last && from <= last[1] + 1) last[1] = Math.max(last[1], to);
      else merged.push([from, to]);
    }
    const head = merged[0];
    if (head && head[0] === 0 && head[1] >= threshold - 1) {
      this.pending.delete(key);
      this.remember(this.done, key);
      return true;
    }
    this.pending.delete(key);
    this.pending.set(key, merged);
    if (this.pending.size > this.maxTracked) this.pending.delete(this.pending.keys().next().value as string);
    return false;
  }

  /** Forgets every key of days before `day` (keys start with the day). */
  forgetBefore(day: string): void {
    for (const key of this.pending.keys()) if (key.slice(0, 10) < day) this.pending.delete(key);
    for (const key of this.done) if (key.slice(0, 10) < day) this.done.delete(key);
  }

  private remember(set: Set<string>, key: string): void {
    set.add(key);
    if (set.size > this.maxTracked) set.delete(set.values().next().value as string);
  }
}
