import { describe, expect, it } from "vitest";
import { currentCueIndex, parseStartTime } from "./episode-start-time";

describe("parseStartTime", () => {
  it("reads seconds, m:ss and h:mm:ss", () => {
    expect(parseStartTime("83")).toBe(83);
    expect(parseStartTime("83s")).toBe(83);
    expect(parseStartTime("1:23")).toBe(83);
    expect(parseStartTime("0:10")).toBe(10);
    expect(parseStartTime("90:00")).toBe(5400);
    expect(parseStartTime("1:02:03")).toBe(3723);
  });

  it("gives null for nothing or anything else", () => {
    for (const value of [null, undefined, "", "abc", "1:5", "1:60", "-3", "1.5", "1:60:00", "1:2:3:4"]) {
      expect(parseStartTime(value), String(value)).toBeNull();
    }
  });
});

describe("currentCueIndex", () => {
  const cues = [
    { start: 2, end: 3, text: "One." },
    { start: 3.5, end: 8, text: "Two." },
    { start: 8.5, end: 10, text: "Three." },
  ];

  it("is the last cue started, also in the pause after it", () => {
    expect(currentCueIndex(cues, 0)).toBe(-1);
    expect(currentCueIndex(cues, 2)).toBe(0);
    expect(currentCueIndex(cues, 3.2)).toBe(0);
    expect(currentCueIndex(cues, 9)).toBe(2);
    expect(currentCueIndex(cues, 500)).toBe(2);
    expect(currentCueIndex([], 5)).toBe(-1);
  });
});
