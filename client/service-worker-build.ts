import { createHash } from "node:crypto";
import { fileURLToPath } from "node:url";
import { buildSync, transformSync } from "esbuild";
import type { Plugin } from "vite";

const WORKER_SOURCE = fileURLToPath(new URL("./src/features/offline/service-worker.ts", import.meta.url));
/** The curator console's code: an operator's screens, never read offline, not precached. */
const CONSOLE_CHUNK = /^assets\/console[-.]/;
const CHARSET = /<meta charset="UTF-8" \/>/i;

/**
 * Registers the service worker on the visitor's first tap or key press (decision 0026): nothing of
 * it loads before then, so a page's first load is unchanged. Inline and first in the page, so it
 * sees the first press before anything else can stop it (early-events holds presses until hydration).
 */
export function registerOnFirstPress(): void {
  if (!("serviceWorker" in navigator)) return;
  const types = ["pointerdown", "keydown"];
  const register = () => {
    for (const type of types) removeEventListener(type, register, true);
    navigator.serviceWorker.register("/sw.js").catch(() => {});
  };
  for (const type of types) addEventListener(type, register, { capture: true, passive: true });
}

export function addRegistrationScript(html: string): string {
  if (!CHARSET.test(html)) throw new Error('service-worker: index.html has no <meta charset="UTF-8" />');
  const code = transformSync(`(${registerOnFirstPress.toString()})();`, {
    minify: true,
    target: "es2020",
  }).code;
  return html.replace(CHARSET, (charset) => `${charset}\n    <script>${code.trim()}</script>`);
}

/** The files a new worker precaches: the build's scripts and styles, the console's left out. */
export function precacheList(fileNames: readonly string[]): string[] {
  return fileNames
    .filter((name) => name.startsWith("assets/") && /\.(js|css)$/.test(name) && !CONSOLE_CHUNK.test(name))
    .sort()
    .map((name) => `/${name}`);
}

/** The worker bundled and minified, with its build id (from the precached names) and list filled in. */
export function buildWorker(precache: readonly string[]): { code: string; build: string } {
  const build = createHash("sha256").update(precache.join("\n")).digest("hex").slice(0, 12);
  const result = buildSync({
    entryPoints: [WORKER_SOURCE],
    bundle: true,
    minify: true,
    write: false,
    format: "iife",
    target: "es2022",
    define: { WAVEFORM_BUILD: JSON.stringify(build), WAVEFORM_PRECACHE: JSON.stringify(precache) },
  });
  const code = result.outputFiles[0]?.text;
  if (!code) throw new Error("service-worker: esbuild gave no output");
  return { code, build };
}

/**
 * The Vite plugin (browser build only): `dist/sw.js`, served at the root so its scope is the whole
 * site (the server sends it `no-cache`), and the registration script in index.html.
 */
export const serviceWorker: Plugin = {
  name: "waveform:service-worker",
  apply: "build",
  // After the core plugins, so every chunk and stylesheet is in the bundle.
  enforce: "post",
  transformIndexHtml: { order: "post", handler: addRegistrationScript },
  generateBundle(_options, bundle) {
    const { code } = buildWorker(precacheList(Object.keys(bundle)));
    this.emitFile({ type: "asset", fileName: "sw.js", source: code });
  },
};
