import type { Plugin } from "vite";
import { THEME_STORAGE_KEY } from "./src/lib/theme";
import { installTheme } from "./src/lib/theme-script";

const MARKER = "<!-- theme script -->";

/**
 * index.html's `<!-- theme script -->` replaced by `installTheme` (lib/theme-script.ts) as an inline
 * script: it runs before the first paint. The server hashes every inline script of the built
 * index.html into its Content-Security-Policy, so it needs no exception.
 */
export function addThemeScript(html: string): string {
  if (!html.includes(MARKER)) throw new Error(`theme-script: index.html has no ${MARKER}`);
  const call = `(${installTheme.toString()})(${JSON.stringify(THEME_STORAGE_KEY)});`;
  return html.replace(MARKER, () => `<script>${call}</script>`);
}

/** The Vite plugin: the dev server and builds alike. */
export const themeScript: Plugin = {
  name: "waveform:theme-script",
  transformIndexHtml: { order: "pre", handler: addThemeScript },
};
