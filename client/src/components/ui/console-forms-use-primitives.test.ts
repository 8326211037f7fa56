import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const features = join(import.meta.dirname, "..", "..", "features");

/** The console's screens: `features/console/` and every `features/console-*` folder, tests left out. */
function consoleFiles(): { path: string; source: string }[] {
  return readdirSync(features, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && /^console(?:-|$)/.test(entry.name))
    .flatMap((entry) =>
      readdirSync(join(features, entry.name), { recursive: true, encoding: "utf8" })
        .filter((name) => name.endsWith(".tsx") && !name.endsWith(".test.tsx"))
        .map((name) => join(features, entry.name, name)),
    )
    .map((path) => ({ path: relative(features, path), source: readFileSync(path, "utf8") }));
}

/** What a console form writes out by hand when it should use `FormActions` or `FormError`. */
const COPIES = [
  { what: "a submit button (FormActions draws it)", pattern: /type="submit"/g },
  {
    what: "a busy label in a button (FormActions' busyLabel)",
    pattern: /<Button\b(?:[^<]|=>)*?>\s*\{[^{}]*\?\s*"[^"]*…"/g,
  },
  { what: "a dialog's row of buttons (FormActions end)", pattern: /className="[^"]*\bjustify-end\b[^"]*"/g },
  {
    what: "a form's red error line (FormError)",
    pattern: /className="(?=[^"]*\btext-destructive\b)(?=[^"]*\btext-sm\b)[^"]*"/g,
  },
];

describe("console forms", () => {
  it("draw their buttons with FormActions and their error line with FormError", () => {
    const files = consoleFiles();
    const copies = files.flatMap(({ path, source }) =>
      COPIES.flatMap(({ what, pattern }) =>
        [...source.matchAll(pattern)].map((match) => {
          const line = source.slice(0, match.index).split("\n").length;
          return `${path}:${line}: ${what}`;
        }),
      ),
    );
    expect(files.length).toBeGreaterThan(20);
    expect(copies, "use components/ui/form-actions.tsx and form-error.tsx instead").toEqual([]);
  });
});
