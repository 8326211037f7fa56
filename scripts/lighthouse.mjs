// `npm run lighthouse`: Lighthouse (mobile, its default) on the main screens of the built site, in
// Debian's Chromium, plus the gzip size of the JavaScript that `/` loads. ARCHITECTURE §7 budgets:
// performance ≥ 95, accessibility 100, CLS ≤ 0.02, JS for / ≤ 120 KB gzip.
import { gzipSync } from "node:zlib";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { newDataDir, removeDataDir, startSite } from "./bench-servers.mjs";
import { chromiumArgs, chromiumExecutable } from "./chromium.mjs";

const PATHS = (
  process.env.LIGHTHOUSE_PATHS ?? "/,/genres,/playlists,/merchandise,/podcasts,/playlist/1"
).split(",");

// LIGHTHOUSE_PORT: beside another site or test run on this machine. A fresh PGlite folder, as a
// first start has (not the default data folder another server may hold).
const dataDir = newDataDir();
const site = await startSite(Number(process.env.LIGHTHOUSE_PORT ?? 4320), dataDir);
const chrome = await chromeLauncher.launch({
  chromePath: chromiumExecutable(),
  chromeFlags: ["--headless=new", ...chromiumArgs],
});
const rows = [];
let homeScripts = [];
try {
  for (const path of PATHS) {
    const result = await lighthouse(site.url + path, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance", "accessibility", "best-practices"],
    });
    const { categories, audits } = result.lhr;
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
    if (path === "/") {
      homeScripts = (audits["network-requests"].details?.items ?? [])
        .filter((item) => item.resourceType === "Script")
        .map((item) => item.url);
    }
  }
  let jsGzip = 0;
  for (const url of homeScripts) {
    const body = Buffer.from(await (await fetch(url)).arrayBuffer());
    jsGzip += gzipSync(body, { level: 9 }).length;
  }
  console.log("\nLighthouse, mobile (budgets: performance ≥ 95, accessibility 100, CLS ≤ 0.02)");
  console.table(rows);
  console.log(
    `JS loaded by /: ${homeScripts.length} files, ${(jsGzip / 1024).toFixed(1)} KB gzip (budget 120 KB)`,
  );
} finally {
  await chrome.kill();
  await site.stop();
  removeDataDir(dataDir);
}
