import { describe, expect, it } from "vitest";
import {
  applyTheme,
  parseThemePreference,
  readThemePreference,
  resolveTheme,
  THEME_CHANGING_CLASS,
} from "./theme";

describe("theme", () => {
  it("defaults to dark for a missing or unknown stored value", () => {
    expect(parseThemePreference(null)).toBe("dark");
    expect(parseThemePreference("sepia")).toBe("dark");
    expect(parseThemePreference("light")).toBe("light");
    expect(readThemePreference({ getItem: () => "system" })).toBe("system");
    expect(
      readThemePreference({
        getItem: () => {
          throw new Error("denied");
        },
      }),
    ).toBe("dark");
  });

  it("resolves 'system' from the OS preference", () => {
    expect(resolveTheme("system", true)).toBe("dark");
    expect(resolveTheme("system", false)).toBe("light");
    expect(resolveTheme("light", true)).toBe("light");
  });

  it("puts exactly one theme class on the root", () => {
    const root = document.createElement("html");
    const now = (callback: () => void) => callback();
    applyTheme("light", root, now);
    expect([...root.classList]).toEqual(["light"]);
    applyTheme("dark", root, now);
    expect([...root.classList]).toEqual(["dark"]);
  });

  it("styles a change with no transitions until the frame after the one that shows it", () => {
    const root = document.createElement("html");
    root.className = "dark";
    const frames: (() => void)[] = [];
    const nextFrame = () => {
      const due = frames.splice(0);
      for (const callback of due) callback();
    };
    const frame = (callback: () => void) => {
      frames.push(callback);
    };
    applyTheme("light", root, frame);
    expect([...root.classList].sort()).toEqual(["light", THEME_CHANGING_CLASS]);
    nextFrame();
    expect(root.classList.contains(THEME_CHANGING_CLASS)).toBe(true);
    // A second change before the first's frames are over: the class stays until its own.
    applyTheme("dark", root, frame);
    nextFrame();
    expect([...root.classList].sort()).toEqual(["dark", THEME_CHANGING_CLASS]);
    nextFrame();
    expect([...root.classList]).toEqual(["dark"]);
    // The theme it already has: nothing changes, and nothing is held.
    applyTheme("dark", root, frame);
    expect([...root.classList]).toEqual(["dark"]);
    expect(frames).toEqual([]);
  });
});
