// `npm run lighthouse`: Lighthouse (mobile, its default) on the main screens of the built site, in
// Debian's Chromium, plus the gzip size of the JavaScript each of them loads. The budgets:
// performance ≥ 95, accessibility 100, CLS ≤ 0.02, JS ≤ 120 KB gzip a page (first-load-js.mjs).
// Exit code 1 when a page misses one (after printing every page).
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { newDataDir, removeDataDir, startSite } from "./bench-servers.mjs";
import { chromiumArgs, chromiumExecutable } from "./chromium.mjs";
import { FIRST_LOAD_BUDGET_KB, LIGHTHOUSE_PAGES } from "./first-load-js.mjs";

const PATHS = process.env.LIGHTHOUSE_PATHS?.split(",") ?? LIGHTHOUSE_PAGES;

// usage: node scripts/lighthouse.mjs [<base-url>]
//   no base URL: starts the built site on LIGHTHOUSE_PORT (4320; set it beside another site or test
//   run on this machine) with a fresh PGlite folder, as a first start has (not the default data
//   folder another server may hold). A base URL: an already running site (e.g. an older build in a
//   git worktree, to compare in the same sitting).
// Env: LIGHTHOUSE_PATHS (comma-separated), LIGHTHOUSE_RUNS=1 (runs per page, each a row),
//   LIGHTHOUSE_THROTTLING=simulate|devtools (Lighthouse's simulated phone, its default; or the
//   CPU and network really slowed in the browser while the page loads, issue 36),
//   LIGHTHOUSE_JSON=<dir> (each run's full report, for long-tasks, bootup-time, main-thread work).
const givenBase = process.argv[2];
const throttlingMethod = process.env.LIGHTHOUSE_THROTTLING ?? "simulate";
if (!["simulate", "devtools"].includes(throttlingMethod))
  throw new Error(`LIGHTHOUSE_THROTTLING must be simulate or devtools, not ${throttlingMethod}`);
const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 1);
const jsonDir = process.env.LIGHTHOUSE_JSON;
if (jsonDir) mkdirSync(jsonDir, { recursive: true });
const dataDir = givenBase ? null : newDataDir();
const site = givenBase
  ? { url: givenBase.replace(/\/$/, ""), stop: async () => {} }
  : await startSite(Number(process.env.LIGHTHOUSE_PORT ?? 4320), dataDir);
const chrome = await chromeLauncher.launch({
  chromePath: chromiumExecutable(),
  chromeFlags: ["--headless=new", ...chromiumArgs],
});
/** Tries a page up to this many times when Lighthouse cannot record it (NO_NAVSTART, a trace it lost). */
const ATTEMPTS = 3;

/**
 * One Lighthouse run of `url`. A run Lighthouse could not measure (its runtimeError: every score 0)
 * is reported and made again, so that a lost trace is neither a silent zero row nor a score.
 */
async function measure(url) {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance", "accessibility", "best-practices"],
      throttlingMethod,
    });
    const error = result.lhr.runtimeError;
    if (!error) return result;
    console.log(`${url}: Lighthouse could not measure (attempt ${attempt} of ${ATTEMPTS}): ${error.code}`);
    if (attempt === ATTEMPTS) throw new Error(`${url}: ${error.message}`);
  }
}
const rows = [];
/** Each page's scripts (Lighthouse's network requests of type Script), from its first run. */
const pageScripts = new Map();
try {
  for (const path of PATHS.flatMap((one) => Array.from({ length: runs }, () => one))) {
    const result = await measure(site.url + path);
    const { categories, audits, runWarnings } = result.lhr;
    for (const warning of runWarnings ?? []) console.log(`${path}: ${warning}`);
    if (jsonDir) {
      const name = `${path.replace(/\W+/g, "_") || "_"}-${rows.length}.json`;
      writeFileSync(join(jsonDir, name), JSON.stringify(result.lhr));
    }
    rows.push({
      path,
      performance: Math.round((categories.performance.score ?? 0) * 100),
      accessibility: Math.round((categories.accessibility.score ?? 0) * 100),
      "LCP ms": Math.round(audits["largest-contentful-paint"].numericValue ?? 0),
      CLS: Number((audits["cumulative-layout-shift"].numericValue ?? 0).toFixed(3)),
      "TBT ms": Math.round(audits["total-blocking-time"].numericValue ?? 0),
    });
    for (const item of audits["errors-in-console"]?.details?.items ?? []) {
      console.log(`${path}: console error: ${item.description}`);
    }
    const shifts = audits["layout-shifts"]?.details?.items ?? [];
    for (const shift of shifts) {
      if (shift.score >= 0.005) {
        console.log(
          `${path}: layout shift ${shift.score.toFixed(3)} at ${shift.node?.snippet ?? shift.node?.selector ?? "?"}`,
        );
      }
    }
    if (!pageScripts.has(path)) {
      pageScripts.set(
        path,
        (audits["network-requests"].details?.items ?? [])
          .filter((item) => item.resourceType === "Script")
          .map((item) => item.url),
      );
    }
  }
  const jsRows = [];
  for (const [path, urls] of pageScripts) {
    let jsGzip = 0;
    for (const url of new Set(urls)) {
      const body = Buffer.from(await (await fetch(url)).arrayBuffer());
      jsGzip += gzipSync(body, { level: 9 }).length;
    }
    jsRows.push({ path, files: new Set(urls).size, "KB gzip": Number((jsGzip / 1024).toFixed(1)) });
  }
  console.log(
    `\nLighthouse, mobile, throttling ${throttlingMethod} (budgets: performance ≥ 95, accessibility 100, CLS ≤ 0.02)`,
  );
  console.table(rows);
  console.log(`JS each page loaded (budget ${FIRST_LOAD_BUDGET_KB} KB gzip):`);
  console.table(jsRows);
  const missed = [
    ...rows.flatMap((row) => [
      ...(row.performance < 95 ? [`${row.path} performance ${row.performance}`] : []),
      ...(row.accessibility < 100 ? [`${row.path} accessibility ${row.accessibility}`] : []),
      ...(row.CLS > 0.02 ? [`${row.path} CLS ${row.CLS}`] : []),
    ]),
    ...jsRows
      .filter((row) => row["KB gzip"] > FIRST_LOAD_BUDGET_KB)
      .map((row) => `${row.path} JS ${row["KB gzip"]} KB`),
  ];
  if (missed.length > 0) {
    console.log(`Budget missed: ${missed.join("; ")}`);
    process.exitCode = 1;
  }
} finally {
  await chrome.kill();
  await site.stop();
  if (dataDir) removeDataDir(dataDir);
}
