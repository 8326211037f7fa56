import { act } from "@testing-library/react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { applyTheme, THEME_STORAGE_KEY } from "../../lib/theme";
import { ThemeProvider, useTheme } from "./theme-provider";

/** Reads the preference (as the header's theme switch does) without showing it in the markup. */
let seen = "";
function Shown() {
  seen = useTheme().preference;
  return <p>page</p>;
}

describe("ThemeProvider while hydrating", () => {
  it("never switches a light visitor's page to the server's default theme and back", async () => {
    // The server renders the default; the inline script has already coloured the page light.
    const html = renderToString(
      <ThemeProvider>
        <Shown />
      </ThemeProvider>,
    );
    localStorage.setItem(THEME_STORAGE_KEY, "light");
    applyTheme("light");
    const container = document.createElement("div");
    container.innerHTML = html;
    document.body.append(container);
    const classes: string[] = [];
    // Every class the root had between two changes (a switch and back within one task is two records).
    const watch = new MutationObserver((records) => {
      for (const record of records) classes.push(record.oldValue ?? "");
      classes.push(document.documentElement.className);
    });
    watch.observe(document.documentElement, {
      attributes: true,
      attributeFilter: ["class"],
      attributeOldValue: true,
    });

    await act(async () => {
      hydrateRoot(
        container,
        <ThemeProvider>
          <Shown />
        </ThemeProvider>,
      );
    });
    await new Promise((resolve) => setTimeout(resolve, 0));
    watch.disconnect();

    expect(seen).toBe("light");
    expect(classes.filter((value) => value.includes("dark"))).toEqual([]);
    expect(document.documentElement.classList.contains("light")).toBe(true);
  });
});
