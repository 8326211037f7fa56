import { describe, expect, it } from "vitest";
import { MemoryStorage } from "./fake-media";
import {
  DEFAULT_MEMORY,
  PLAYER_STORAGE_KEY,
  REMEMBERED_EPISODES,
  readMemory,
  rememberPosition,
  resumePoint,
  writeMemory,
} from "./player-memory";

describe("resumePoint", () => {
  it("resumes where an episode was left, and from 0 when it was finished or never started", () => {
    expect(resumePoint(undefined, 600)).toBe(0);
    expect(resumePoint(42, 600)).toBe(42);
    expect(resumePoint(42, null)).toBe(42);
    // The last 5 % (at most 10 s) counts as finished.
    expect(resumePoint(589, 600)).toBe(589);
    expect(resumePoint(590, 600)).toBe(0);
    expect(resumePoint(28.4, 30)).toBe(28.4);
    expect(resumePoint(28.5, 30)).toBe(0);
  });
});

describe("rememberPosition", () => {
  it("keeps the newest episodes last, drops finished ones and the oldest past the limit", () => {
    let positions: Record<string, number> = {};
    for (let id = 1; id <= REMEMBERED_EPISODES + 2; id++)
      positions = rememberPosition(positions, id, 10, 600);
    expect(Object.keys(positions)).toHaveLength(REMEMBERED_EPISODES);
    expect(positions.e1).toBeUndefined();
    positions = rememberPosition(positions, 5, 12.34, 600);
    expect(Object.entries(positions).at(-1)).toEqual(["e5", 12.3]);
    positions = rememberPosition(positions, 5, 600, 600);
    expect(positions.e5).toBeUndefined();
  });
});

describe("readMemory / writeMemory", () => {
  it("reads back what was written, and the defaults from nothing or nonsense", () => {
    const storage = new MemoryStorage();
    expect(readMemory(storage)).toEqual(DEFAULT_MEMORY);
    const memory = { ...DEFAULT_MEMORY, rate: 1.5, muted: true, positions: { e7: 30 } };
    writeMemory(storage, memory);
    expect(readMemory(storage)).toEqual(memory);
    storage.setItem(PLAYER_STORAGE_KEY, '"text"');
    expect(readMemory(storage)).toEqual(DEFAULT_MEMORY);
  });

  it("survives a storage that refuses to write", () => {
    const full = {
      getItem: () => null,
      setItem: () => {
        throw new Error("QuotaExceededError");
      },
    };
    expect(() => writeMemory(full, DEFAULT_MEMORY)).not.toThrow();
  });
});
