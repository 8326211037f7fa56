// @vitest-environment node
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { addThemeScript } from "../../theme-script";
import { THEME_CHANGING_CLASS, THEME_STORAGE_KEY } from "../lib/theme";

describe("addThemeScript", () => {
  it("puts the theme script where index.html marks it, with the storage key and class the app uses", () => {
    const html = readFileSync(join(import.meta.dirname, "..", "..", "index.html"), "utf8");
    const built = addThemeScript(html);
    expect(built).not.toContain("<!-- theme script -->");
    expect(built).toMatch(
      new RegExp(`<script>[^<]*"${THEME_STORAGE_KEY}",\\s*"${THEME_CHANGING_CLASS}"[^<]*</script>`),
    );
  });

  it("refuses an index.html without the marker", () => {
    expect(() => addThemeScript("<head></head>")).toThrow(/theme script/);
  });
});
