// The JavaScript a page loads before its first interaction, quickly and repeatably (the budget:
// ≤ 120 KB gzip on `/`): the byte count `npm run lighthouse` reports, without Lighthouse's minute.
// Opens the page in Debian's Chromium at Lighthouse's phone size, waits for the network to go quiet
// and then QUIET_MS more without touching anything, and prints every script it requested with its
// gzip size (level 9, as lighthouse.mjs counts) and the total.
//
// usage: node scripts/measure-home-js.mjs [<base-url>] [--maps <dir>]
//   no base URL: starts the built site (server/dist, client/dist) on PORT (3550) with a fresh
//   PGlite folder, and stops it afterwards. Build first (and run it under the e2e lock).
//   --maps <dir>: a sourcemap build of the same code (`vite build --sourcemap --outDir <dir>` in
//   client/ gives the same file names, or names differing only in their hash) to split each
//   script's bytes by package and source file.
// Env: MEASURE_PATHS=/ (comma-separated), QUIET_MS=3000, PORT=3550.
import { randomBytes } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { basename, join } from "node:path";
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import { newDataDir, removeDataDir, startSite } from "./bench-servers.mjs";
import { chromiumArgs, chromiumExecutable } from "./chromium.mjs";
import { attributeScript } from "./measure-js-sources.mjs";

const args = process.argv.slice(2);
const mapsAt = args.indexOf("--maps");
const mapsDir = mapsAt >= 0 ? args.splice(mapsAt, 2)[1] : null;
const givenBase = args[0];
const paths = (process.env.MEASURE_PATHS ?? "/").split(",");
const quietMs = Number(process.env.QUIET_MS ?? 3000);

// Lighthouse's mobile emulation (lighthouse/core/config/constants.js): Moto G Power.
const phone = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
  userAgent:
    "Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.0.0 Mobile Safari/537.36",
};

const kb = (bytes) => (bytes / 1024).toFixed(1);

async function measure(browser, url) {
  const context = await browser.newContext(phone);
  const page = await context.newPage();
  const scripts = new Map();
  page.on("response", (response) => {
    if (response.request().resourceType() !== "script") return;
    scripts.set(
      response.url(),
      response.body().catch(() => Buffer.alloc(0)),
    );
  });
  await page.goto(url, { waitUntil: "networkidle" });
  await page.waitForTimeout(quietMs);
  const rows = [];
  for (const [scriptUrl, body] of scripts) {
    const bytes = await body;
    rows.push({ url: scriptUrl, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length, bytes });
  }
  await context.close();
  return rows.sort((a, b) => b.gzip - a.gzip);
}

/** The map of `file` in the sourcemap build: same name and hash, or failing that the same name. */
function findMap(file) {
  const exact = join(mapsDir, "assets", `${file}.map`);
  if (existsSync(exact)) return exact;
  const name = file.replace(/-[\w-]{8}\.js$/, "");
  const same = readdirSync(join(mapsDir, "assets")).filter(
    (other) => other.endsWith(".js.map") && other.replace(/-[\w-]{8}\.js\.map$/, "") === name,
  );
  return same.length === 1 ? join(mapsDir, "assets", same[0]) : null;
}

function report(path, rows) {
  const total = rows.reduce((sum, row) => sum + row.gzip, 0);
  console.log(`\n${path}: ${rows.length} scripts, ${kb(total)} KB gzip (budget 120 KB)`);
  for (const row of rows) {
    console.log(
      `${kb(row.gzip).padStart(7)} KB  ${kb(row.raw).padStart(7)} KB raw  ${basename(new URL(row.url).pathname)}`,
    );
  }
  if (!mapsDir) return;
  // Each script's gzip size shared out by the share of its raw bytes that each source produced.
  const bySource = new Map();
  for (const row of rows) {
    const mapFile = findMap(basename(new URL(row.url).pathname));
    if (!mapFile) {
      bySource.set("(no map)", (bySource.get("(no map)") ?? 0) + row.gzip);
      continue;
    }
    const shares = attributeScript(row.bytes.toString("utf8"), JSON.parse(readFileSync(mapFile, "utf8")));
    for (const [source, raw] of shares) {
      bySource.set(source, (bySource.get(source) ?? 0) + (row.gzip * raw) / row.raw);
    }
  }
  console.log("\nby source (gzip shared by raw bytes; approximate):");
  for (const [source, gzip] of [...bySource].sort((a, b) => b[1] - a[1])) {
    if (gzip >= 256) console.log(`${kb(gzip).padStart(7)} KB  ${source}`);
  }
}

let site = null;
let dataDir = null;
if (!givenBase) {
  process.env.SESSION_SECRET ||= randomBytes(32).toString("base64url");
  dataDir = newDataDir();
  site = await startSite(Number(process.env.PORT ?? 3550), dataDir);
}
const base = givenBase ?? site.url;
const browser = await chromium.launch({ executablePath: chromiumExecutable(), args: chromiumArgs });
try {
  for (const path of paths) report(path, await measure(browser, new URL(path, base).href));
} finally {
  await browser.close();
  await site?.stop();
  if (dataDir) removeDataDir(dataDir);
}
