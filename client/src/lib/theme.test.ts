import { describe, expect, it } from "vitest";
import { applyTheme, parseThemePreference, readThemePreference, resolveTheme } from "./theme";

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
    applyTheme("light", root);
    expect([...root.classList]).toEqual(["light"]);
    applyTheme("dark", root);
    expect([...root.classList]).toEqual(["dark"]);
  });
});
