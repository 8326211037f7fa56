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
 * Separate ranges kept per download in progress (with MAX_TRACKED, what the tracking may hold). A
 * player reads the start in one piece or a few; only a client asking for scattered bytes keeps
 * many apart. Past the bound the range furthest
 * from the start is dropped: such a client's download may then count later or never, never early.
 */
export const MAX_RANGES_PER_DOWNLOAD = 64;

/**
 * Which bytes of which file each visitor has been served, until they cover the first minute. The
 * key names the day, the visitor and the episode, so a new day (a new salt) starts afresh. One
 * server sees the requests of one connection; several servers each count what they served, and the
 * database keeps one download per visitor, episode and day whichever counted it.
 *
 * A key's ranges are kept merged and in order, cut at the first minute: a new range is placed by
 * binary search and merged with its neighbours, so a request costs O(log n) plus moving at most
 * MAX_RANGES_PER_DOWNLOAD entries, not a sort of every range the key was served.
 */
export class DownloadCoverage {
  /** Per key: starts and ends (both included) of its separate ranges, ascending. */
  private readonly pending = new Map<string, { starts: number[]; ends: number[] }>();
  private readonly done = new Set<string>();

  constructor(
    private readonly maxTracked = MAX_TRACKED,
    private readonly maxRanges = MAX_RANGES_PER_DOWNLOAD,
  ) {}

  /**
   * Adds bytes `start`–`end` served under `key`; true when with them the bytes served cover
   * 0 … threshold-1 for the first time (the download counts now), false otherwise.
   */
  add(key: string, start: number, end: number, threshold: number): boolean {
    if (this.done.has(key)) return false;
    // Bytes past the first minute never help it count.
    const last = Math.min(end, threshold - 1);
    if (start > last) return false;
    let ranges = this.pending.get(key);
    if (ranges) this.pending.delete(key);
    else ranges = { starts: [], ends: [] };
    const { starts, ends } = ranges;
    // The first range that ends at or after start - 1 (it touches or follows the new one).
    let low = 0;
    let high = ends.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((ends[middle] as number) < start - 1) low = middle + 1;
      else high = middle;
    }
    // Every range from `low` that starts by last + 1 merges with the new one.
    let from = start;
    let to = last;
    let after = low;
    while (after < starts.length && (starts[after] as number) <= to + 1) {
      from = Math.min(from, starts[after] as number);
      to = Math.max(to, ends[after] as number);
      after++;
    }
    starts.splice(low, after - low, from);
    ends.splice(low, after - low, to);
    if (starts[0] === 0 && (ends[0] as number) >= threshold - 1) {
      this.remember(this.done, key);
      return true;
    }
    if (starts.length > this.maxRanges) {
      starts.pop();
      ends.pop();
    }
    this.pending.set(key, ranges);
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
