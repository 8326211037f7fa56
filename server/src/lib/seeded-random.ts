/**
 * A small deterministic PRNG (mulberry32) seeded from a string: the same key always gives the same
 * numbers, so generated artwork and seed rows come out the same on every run.
 */
export function seededRandom(key: string): () => number {
  let state = 2166136261;
  for (const char of key) state = Math.imul(state ^ char.charCodeAt(0), 16777619);
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `count` items of `items` in a shuffled order that depends only on `key`. */
export function pickStable<T>(items: readonly T[], count: number, key: string): T[] {
  const random = seededRandom(key);
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy.slice(0, count);
}
