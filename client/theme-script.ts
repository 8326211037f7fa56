import { transformSync } from "esbuild";
import type { Plugin } from "vite";
import { THEME_CHANGING_CLASS, THEME_STORAGE_KEY } from "./src/lib/theme";
import { installTheme } from "./src/lib/theme-script";

const MARKER = "<!-- theme script -->";

/**
 * index.html's `<!-- theme script -->` replaced by `installTheme` (lib/theme-script.ts) as an inline
 * script: it runs before the first paint. Minified (every page carries it); the server hashes every
 * inline script of the built index.html into its Content-Security-Policy, so it needs no exception.
 */
export function addThemeScript(html: string): string {
  if (!html.includes(MARKER)) throw new Error(`theme-script: index.html has no ${MARKER}`);
  const code = transformSync(
    `(${installTheme.toString()})(${JSON.stringify(THEME_STORAGE_KEY)}, ${JSON.stringify(THEME_CHANGING_CLASS)});`,
    {
      minify: true,
      target: "es2020",
    },
  ).code;
  return html.replace(MARKER, () => `<script>${code.trim()}</script>`);
}

/** The Vite plugin: the dev server and builds alike. */
export const themeScript: Plugin = {
  name: "waveform:theme-script",
  transformIndexHtml: { order: "pre", handler: addThemeScript },
};
