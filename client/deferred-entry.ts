import { PAGE_CODE_ELEMENT_ID } from "@waveform/contracts/page-render";
import type { Plugin } from "vite";
import { startAfterPaint } from "./src/lib/start-after-paint";

/** How long the page waits for its first paint to be reported before it starts its scripts anyway. */
const FALLBACK_MS = 3000;

const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/;

/**
 * index.html's entry `<script type="module">` replaced by an inline script that adds it once the page
 * has painted (`startAfterPaint`, decision 0019). The server hashes every inline script of the
 * built index.html into its Content-Security-Policy, and `'self'` lets the added script load.
 */
export function deferEntryScript(html: string): string {
  const entry = ENTRY_SCRIPT.exec(html);
  if (!entry) throw new Error('deferred-entry: index.html has no entry <script type="module">');
  const call = `(${startAfterPaint.toString()})(${JSON.stringify(entry[1])}, ${FALLBACK_MS}, ${JSON.stringify(PAGE_CODE_ELEMENT_ID)});`;
  return html.replace(ENTRY_SCRIPT, () => `<script>${call}</script>`);
}

/** The Vite plugin: production builds only (the dev server serves the entry as it is). */
export const deferredEntry: Plugin = {
  name: "waveform:deferred-entry",
  apply: "build",
  transformIndexHtml: { order: "post", handler: deferEntryScript },
};
