// The percentiles the benchmarks print, by the nearest-rank rule: p99 of 100 samples is the 99th
// slowest, not the slowest (the rule the benches used before answered the maximum for p99 of 100).

/** The `p`th percentile (0–100) of `sorted` (ascending): its ⌈p·n/100⌉th value; 0 when empty. */
export function percentile(sorted, p) {
  if (sorted.length === 0) return 0;
  // Rounded first: 99.9 % of 1,000 is 999.0000000000001 in floating point.
  const rank = Math.ceil(Number(((p / 100) * sorted.length).toFixed(6)));
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}
