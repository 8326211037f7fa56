import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { deferredEntry } from "./deferred-entry";
import { earlyEventsScript } from "./early-events-script";
import { firstLoadChunks } from "./first-load-chunks";
import { inlineStylesheet } from "./inline-stylesheet";
import { pageCode } from "./page-code";
import { precompress } from "./precompress";
import { serviceWorker } from "./service-worker-build";
import { themeScript } from "./theme-script";

const reactRouterProduction = fileURLToPath(
  new URL("../node_modules/react-router/dist/production/index.mjs", import.meta.url),
);
/** A feature's public entry (docs/decisions/0008). */
const FEATURE_ENTRY = /\/src\/features\/[^/]+\/index\.ts$/;
const firstLoad = firstLoadChunks({ entry: "/src/main.tsx", home: "/src/app/routes/home.tsx" });

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    react(),
    tailwindcss(),
    themeScript,
    ...(isSsrBuild
      ? []
      : [earlyEventsScript, firstLoad.plugin, pageCode, inlineStylesheet, serviceWorker, precompress()]),
    // WAVEFORM_START_AFTER_PAINT=0 builds the entry as a plain module script (fetched with the
    // page) instead, to measure one against the other (decision 0020).
    ...(isSsrBuild || process.env.WAVEFORM_START_AFTER_PAINT === "0" ? [] : [deferredEntry]),
  ],
  // react-router's package points every import at its development build; the production build
  // differs only in leaving out development warnings.
  resolve: isSsrBuild ? {} : { alias: [{ find: /^react-router$/, replacement: reactRouterProduction }] },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    sourcemap: false,
    assetsInlineLimit: 0,
    // No <link rel="modulepreload"> in the page itself: the server-rendered HTML paints without
    // any script, and preloading ~150 KB of modules alongside the CSS delays that first paint on a
    // slow phone connection by about a second (Lighthouse mobile: FCP 2.5 s -> 1.5 s on /). Chunks
    // loaded on demand preload what lies beyond their direct imports (first-load-chunks.ts).
    modulePreload: {
      // No polyfill (0.35 KB on every page): modulepreload is in every current browser (Chromium
      // 66, Firefox 115, Safari 17), and one without it still loads each module when it is imported.
      polyfill: false,
      resolveDependencies: (filename, dependencies, { hostType }) =>
        hostType === "html" ? [] : firstLoad.resolveDependencies(filename, dependencies),
    },
    rolldownOptions: {
      // A feature's entry (features/*/index.ts) only names what other features may use: it does
      // nothing when loaded, so an import through it brings in the modules of the names it uses and
      // no others (the downloader stays out of the episode page, the player out of the search page).
      treeshake: { moduleSideEffects: [{ test: FEATURE_ENTRY, sideEffects: false }] },
      ...(isSsrBuild ? {} : { output: { codeSplitting: { groups: firstLoad.groups } } }),
    },
    // The server entry (client/ssr/) needs no copy of public/: the browser build has it.
    copyPublicDir: !isSsrBuild,
  },
  // The server entry carries its own React and libraries (production builds of them), so the server
  // needs nothing from client/node_modules at run time.
  ssr: { noExternal: true },
  define: isSsrBuild ? { "process.env.NODE_ENV": JSON.stringify("production") } : {},
  server: {
    host: "127.0.0.1",
    port: 5173,
    proxy: { "/api": "http://127.0.0.1:3000" },
  },
}));
