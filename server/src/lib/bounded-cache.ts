/** How many entries a cache keeps at most, and how many bytes their values take together. */
export interface CacheLimits {
  entries: number;
  bytes: number;
}

/**
 * A map that keeps at most `limits.entries` entries whose values take at most `limits.bytes`
 * together (as `sizeOf` counts them): setting one past either drops the oldest first (a Map
 * iterates in insertion order; a value set again counts as new). A value larger than the whole
 * byte budget is not kept at all. Reads do not reorder, so a hit costs one Map lookup.
 */
export class BoundedCache<V> {
  private readonly entries = new Map<string, { value: V; size: number }>();
  private total = 0;

  constructor(
    private readonly limits: CacheLimits,
    private readonly sizeOf: (value: V) => number,
  ) {}

  get(key: string): V | undefined {
    return this.entries.get(key)?.value;
  }

  has(key: string): boolean {
    return this.entries.has(key);
  }

  /** Keeps `value` under `key` (dropping the oldest entries to make room); false when it is too large to keep. */
  set(key: string, value: V): boolean {
    this.delete(key);
    const size = this.sizeOf(value);
    if (size > this.limits.bytes || this.limits.entries < 1) return false;
    while (this.entries.size >= this.limits.entries || this.total + size > this.limits.bytes) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.delete(oldest);
    }
    this.entries.set(key, { value, size });
    this.total += size;
    return true;
  }

  delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.total -= entry.size;
    this.entries.delete(key);
  }

  /** Drops every entry whose value `expired` says is. */
  deleteWhere(expired: (value: V) => boolean): void {
    for (const [key, entry] of this.entries) if (expired(entry.value)) this.delete(key);
  }

  clear(): void {
    this.entries.clear();
    this.total = 0;
  }

  /** Entries kept. */
  get size(): number {
    return this.entries.size;
  }

  /** Their values' bytes, as `sizeOf` counts them. */
  get bytes(): number {
    return this.total;
  }

  keys(): IterableIterator<string> {
    return this.entries.keys();
  }
}

/**
 * The bytes a string may take in V8's heap: two per UTF-16 unit (a string holding any character
 * past U+00FF is stored two bytes a character; rendered pages usually hold one: –, ’, …).
 */
export const stringBytes = (text: string): number => text.length * 2;
