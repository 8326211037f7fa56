import { describe, expect, it } from "vitest";
import {
  DownloadCoverage,
  firstMinuteBytes,
  isProbe,
  MAX_RANGES_PER_DOWNLOAD,
  servedBytes,
} from "./iab-download";

describe("the IAB v2.2 download rules", () => {
  it("the first minute's bytes: the whole file up to 60 s, else the share of 60 s", () => {
    expect(firstMinuteBytes(108_579, 27)).toBe(108_579);
    expect(firstMinuteBytes(108_579, null)).toBe(108_579);
    expect(firstMinuteBytes(240_000, 60)).toBe(240_000);
    // 32 kbps for 30 minutes: 7.2 MB; the first minute is 240,000 bytes.
    expect(firstMinuteBytes(7_200_000, 1800)).toBe(240_000);
    expect(firstMinuteBytes(1000, 61)).toBe(984);
  });

  it("bytes=0-1 and bytes=0-0 are probes; other ranges are not", () => {
    expect(isProbe("bytes=0-1")).toBe(true);
    expect(isProbe("bytes=0-0")).toBe(true);
    expect(isProbe("bytes=0-")).toBe(false);
    expect(isProbe("bytes=0-2")).toBe(false);
    expect(isProbe(undefined)).toBe(false);
  });

  it("reads what was served from the status and Content-Range", () => {
    expect(servedBytes(200, undefined, 1000)).toEqual([0, 999]);
    expect(servedBytes(206, "bytes 100-199/1000", 1000)).toEqual([100, 199]);
    expect(servedBytes(304, undefined, 1000)).toBeNull();
    expect(servedBytes(416, "bytes */1000", 1000)).toBeNull();
  });

  it("counts once the ranges served add up to the first minute, in any order, once", () => {
    const coverage = new DownloadCoverage();
    const key = "2026-11-27|abc|7";
    expect(coverage.add(key, 500, 999, 1000)).toBe(false);
    expect(coverage.add(key, 0, 199, 1000)).toBe(false);
    // A gap (200-299) is still missing.
    expect(coverage.add(key, 300, 499, 1000)).toBe(false);
    expect(coverage.add(key, 200, 299, 1000)).toBe(true);
    // The same visitor and episode again that day: not again.
    expect(coverage.add(key, 0, 999, 1000)).toBe(false);
    // Another episode, or the same one on a new day (a new salt, a new hash): counted afresh.
    expect(coverage.add("2026-11-27|abc|8", 0, 999, 1000)).toBe(true);
    coverage.forgetBefore("2026-11-28");
    expect(coverage.add(key, 0, 999, 1000)).toBe(true);
  });

  it("bytes beyond the first minute are not needed; overlapping ranges merge", () => {
    const coverage = new DownloadCoverage();
    expect(coverage.add("d|v|1", 0, 150, 240)).toBe(false);
    expect(coverage.add("d|v|1", 100, 239, 240)).toBe(true);
  });

  it("forgets the oldest visitors beyond its bound", () => {
    const coverage = new DownloadCoverage(2);
    coverage.add("d|a|1", 0, 10, 100);
    coverage.add("d|b|1", 0, 10, 100);
    coverage.add("d|c|1", 0, 10, 100);
    // a's first bytes were forgotten: the rest alone does not cover the start.
    expect(coverage.add("d|a|1", 11, 99, 100)).toBe(false);
    expect(coverage.add("d|c|1", 11, 99, 100)).toBe(true);
  });

  it("20,000 one-byte ranges of one key are quick, and the count stays right", () => {
    const coverage = new DownloadCoverage();
    const started = performance.now();
    // Every other byte of the first 40,000: 20,000 separate ranges, none covering the minute.
    let countedEarly = false;
    for (let byte = 0; byte < 40_000; byte += 2) countedEarly ||= coverage.add("d|v|1", byte, byte, 40_000);
    // Once re-sorted on every request these took 10 s and more of CPU; now some milliseconds.
    expect(performance.now() - started).toBeLessThan(2000);
    expect(countedEarly).toBe(false);
    // The rest, as one range from byte 1: now the first 40,000 bytes are all served.
    expect(coverage.add("d|v|1", 1, 39_999, 40_000)).toBe(true);
  });

  it("ranges arriving one byte at a time, backwards or with gaps filled later, count once complete", () => {
    const coverage = new DownloadCoverage();
    for (let byte = 19_999; byte > 0; byte--)
      expect(coverage.add("d|back|1", byte, byte, 20_000)).toBe(false);
    expect(coverage.add("d|back|1", 0, 0, 20_000)).toBe(true);
    // 1,140 bytes in 60 runs with a one-byte gap before each, then the gaps from the last.
    for (let byte = 0; byte < 1200; byte++) {
      if (byte % 20 !== 0) expect(coverage.add("d|gaps|1", byte, byte, 1200)).toBe(false);
    }
    for (let gap = 1180; gap > 0; gap -= 20) expect(coverage.add("d|gaps|1", gap, gap, 1200)).toBe(false);
    expect(coverage.add("d|gaps|1", 0, 0, 1200)).toBe(true);
  });

  it("past its bound of separate ranges a download drops the furthest: it may count late, never early", () => {
    const coverage = new DownloadCoverage();
    const separate = MAX_RANGES_PER_DOWNLOAD * 3;
    for (let byte = 0; byte < separate * 2; byte += 2)
      expect(coverage.add("d|v|3", byte, byte, separate * 2)).toBe(false);
    // Every byte has now been served once, but the far even ones were forgotten: not counted yet.
    for (let byte = 1; byte < separate * 2; byte += 2)
      expect(coverage.add("d|v|3", byte, byte, separate * 2)).toBe(false);
    expect(coverage.add("d|v|3", 0, separate * 2 - 1, separate * 2)).toBe(true);
  });

  it("bytes past the first minute cost nothing and never count", () => {
    const coverage = new DownloadCoverage();
    for (let byte = 1000; byte < 21_000; byte++) expect(coverage.add("d|v|2", byte, byte, 1000)).toBe(false);
    expect(coverage.add("d|v|2", 1, 999, 1000)).toBe(false);
    expect(coverage.add("d|v|2", 0, 0, 1000)).toBe(true);
  });
});
