/** Rendered images kept in memory, least recently used dropped first once they pass a byte budget. */
interface PngCache {
  get(key: string): Buffer | undefined;
  set(key: string, png: Buffer): void;
  readonly bytes: number;
}

/** 32 MB holds a few hundred cards (about 100–200 kB each): the pages people share most. */
export function createPngCache(maxBytes = 32 * 1024 * 1024): PngCache {
  // A Map iterates in insertion order; re-inserting on every hit keeps the oldest use first.
  const entries = new Map<string, Buffer>();
  let bytes = 0;
  return {
    get(key) {
      const png = entries.get(key);
      if (png) {
        entries.delete(key);
        entries.set(key, png);
      }
      return png;
    },
    set(key, png) {
      if (png.length > maxBytes) return;
      const previous = entries.get(key);
      if (previous) {
        bytes -= previous.length;
        entries.delete(key);
      }
      entries.set(key, png);
      bytes += png.length;
      for (const [oldest, old] of entries) {
        if (bytes <= maxBytes) break;
        entries.delete(oldest);
        bytes -= old.length;
      }
    },
    get bytes() {
      return bytes;
    },
  };
}
