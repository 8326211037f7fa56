import { describe, expect, it } from "vitest";
import { formatDate, formatDuration, formatPrice, plural } from "./format";

describe("format", () => {
  it.each([
    [0, "0:00"],
    [5, "0:05"],
    [65, "1:05"],
    [599, "9:59"],
    [3600, "1:00:00"],
    [3725, "1:02:05"],
  ])("formatDuration(%i) is %s", (seconds, text) => {
    expect(formatDuration(seconds)).toBe(text);
  });

  it("formats calendar dates without shifting the day", () => {
    expect(formatDate("2026-11-18")).toBe("Nov 18, 2026");
    expect(formatDate("2026-01-01")).toBe("Jan 1, 2026");
    expect(formatDate("not a date")).toBe("not a date");
  });

  it("formats prices and plurals", () => {
    expect(formatPrice(14.99)).toBe("$14.99");
    expect(formatPrice(20)).toBe("$20.00");
    expect(plural(1, "playlist")).toBe("1 playlist");
    expect(plural(12, "playlist")).toBe("12 playlists");
  });
});
