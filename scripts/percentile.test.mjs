import { describe, expect, it } from "vitest";
import { percentile } from "./percentile.mjs";

describe("percentile (nearest rank)", () => {
  const hundred = Array.from({ length: 100 }, (_, i) => i + 1);

  it("answers the 99th of 100 samples for p99 and the 50th for p50, not the maximum", () => {
    expect(percentile(hundred, 99)).toBe(99);
    expect(percentile(hundred, 50)).toBe(50);
    expect(percentile(hundred, 100)).toBe(100);
  });

  it("answers the smallest for p0 and the only sample of one", () => {
    expect(percentile(hundred, 0)).toBe(1);
    expect(percentile([7], 99)).toBe(7);
  });

  it("answers 0 for no samples", () => {
    expect(percentile([], 50)).toBe(0);
  });

  it("rounds the rank up: p99 of 1,000 samples is the 990th", () => {
    const thousand = Array.from({ length: 1000 }, (_, i) => i + 1);
    expect(percentile(thousand, 99)).toBe(990);
    expect(percentile(thousand, 99.9)).toBe(999);
  });
});
