import { transformSync } from "esbuild";
import type { Plugin } from "vite";
import { installEarlyEvents } from "./src/lib/early-events";

const CHARSET = /<meta charset="UTF-8" \/>/i;

/**
 * index.html with `installEarlyEvents` as its first script, right after the charset (decision 0020):
 * from the first byte of HTML on, no tap or keystroke is lost before the page's code has hydrated.
 * Minified (the page carries it inline); the server hashes every inline script of the built
 * index.html into its Content-Security-Policy, so it needs no exception.
 */
export function addEarlyEventsScript(html: string): string {
  if (!CHARSET.test(html)) throw new Error('early-events: index.html has no <meta charset="UTF-8" />');
  const code = transformSync(`(${installEarlyEvents.toString()})();`, {
    minify: true,
    target: "es2020",
  }).code;
  return html.replace(CHARSET, (charset) => `${charset}\n    <script>${code.trim()}</script>`);
}

/** The Vite plugin: the dev server and builds alike (the dev server's pages hydrate late too). */
export const earlyEventsScript: Plugin = {
  name: "waveform:early-events",
  transformIndexHtml: { order: "pre", handler: addEarlyEventsScript },
};
