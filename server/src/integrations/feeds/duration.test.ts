import { describe, expect, it } from "vitest";
import { parseDuration } from "./duration";

describe("parseDuration", () => {
  it.each([
    ["2712", 2712],
    ["10475", 10475],
    ["166", 166],
    ["2712.6", 2713],
    ["45:12", 2712],
    ["62:00", 3720],
    ["01:11", 71],
    ["1:09:50", 4190],
    ["00:16:00", 960],
    ["0:48:31", 2911],
    [" 52:34 ", 3154],
    [1800, 1800],
  ])("reads %j as %i seconds", (raw, seconds) => {
    expect(parseDuration(raw)).toBe(seconds);
  });

  it.each([[""], ["abc"], ["-5"], ["1:75"], ["1:61:00"], ["::"], [null], [undefined], [Number.NaN]])(
    "treats %j as unknown",
    (raw) => {
      expect(parseDuration(raw)).toBeNull();
    },
  );
});
