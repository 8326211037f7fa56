// What a page loads before its first interaction, counted as Lighthouse counts it: every
// JavaScript file the page fetches in Lighthouse's phone emulation until it has hydrated and the
// network has been quiet for `quietMs` more without anything touched, each gzipped at level 9. One definition for
// `npm run measure:js` (scripts/measure-first-load-js.mjs), `npm run lighthouse` and the gate's browser
// check (e2e/first-load-js.spec.ts), with the pages and the budget they hold it against.
import { gzipSync } from "node:zlib";

/** The pages `npm run lighthouse` measures. */
export const LIGHTHOUSE_PAGES = ["/", "/genres", "/playlists", "/merchandise", "/podcasts", "/playlist/1"];
/** The pages held to the budget: Lighthouse's. (`MEASURE_PATHS` measures others, e.g. an episode.) */
export const FIRST_LOAD_PAGES = LIGHTHOUSE_PAGES;
/** gzip KB of JavaScript a page may load before its first interaction. */
export const FIRST_LOAD_BUDGET_KB = 120;

/** Lighthouse's mobile emulation (lighthouse/core/config/constants.js): Moto G Power. */
export const LIGHTHOUSE_PHONE = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
  userAgent:
    "Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.0.0 Mobile Safari/537.36",
};

/**
 * Every script a fresh page of `context` loads at `url` before any interaction: `{ url, raw, gzip,
 * bytes }`, largest first. A script counts by its type, whatever fetched it: a module a
 * `<link rel="modulepreload">` fetched reaches the page without a request of type script.
 */
export async function firstLoadScripts(context, url, quietMs) {
  const page = await context.newPage();
  const scripts = new Map();
  page.on("response", (response) => {
    const type = response.headers()["content-type"] ?? "";
    if (response.request().resourceType() !== "script" && !/javascript/.test(type)) return;
    if (!scripts.has(response.url()))
      scripts.set(
        response.url(),
        response.body().catch(() => null),
      );
  });
  await page.goto(url, { waitUntil: "networkidle" });
  // Hydrated: every module the page needs to start has arrived (on a busy machine the network can
  // be quiet for a while before the entry has even been added after the first paint).
  await page.waitForFunction(() => document.documentElement.dataset.app === "ready", undefined, {
    timeout: 60_000,
  });
  await page.waitForLoadState("networkidle");
  await page.waitForTimeout(quietMs);
  const rows = [];
  for (const [scriptUrl, body] of scripts) {
    const bytes = await body;
    if (!bytes) throw new Error(`${scriptUrl}: its body could not be read, so it cannot be counted`);
    rows.push({ url: scriptUrl, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length, bytes });
  }
  await page.close();
  return rows.sort((a, b) => b.gzip - a.gzip);
}

/** The rows' total, gzip KB. */
export const totalKb = (rows) => rows.reduce((sum, row) => sum + row.gzip, 0) / 1024;
