// The JavaScript each page loads before its first interaction, quickly and repeatably (the budget:
// ≤ 120 KB gzip on every page `npm run lighthouse` measures, and an episode's page): the byte count
// Lighthouse reports, without Lighthouse's minute. Opens each page in Debian's Chromium at
// Lighthouse's phone size, waits for the network to go quiet and then QUIET_MS more without
// touching anything, and prints every script it loaded with its gzip size (level 9, as
// lighthouse.mjs counts) and the total (scripts/first-load-js.mjs). The exit code is 1 when a page
// is over the budget (after printing every page).
//
// usage: node scripts/measure-first-load-js.mjs [<base-url>] [--maps <dir>]
//   no base URL: starts the built site (server/dist, client/dist) on PORT (3550) with a fresh
//   PGlite folder, and stops it afterwards. Build first.
//   --maps <dir>: a sourcemap build of the same code (`vite build --sourcemap --outDir <dir>` in
//   client/ gives the same file names, or names differing only in their hash) to split each
//   script's bytes by package and source file.
// Env: MEASURE_PATHS (comma-separated; the pages of first-load-js.mjs unless given), QUIET_MS=3000,
//   PORT=3550.
import { randomBytes } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { basename, join } from "node:path";
import { chromium } from "@playwright/test";
import { newDataDir, removeDataDir, startSite } from "./bench-servers.mjs";
import { chromiumArgs, chromiumExecutable } from "./chromium.mjs";
import {
  FIRST_LOAD_BUDGET_KB,
  FIRST_LOAD_PAGES,
  firstLoadScripts,
  LIGHTHOUSE_PHONE,
  totalKb,
} from "./first-load-js.mjs";
import { attributeScript } from "./measure-js-sources.mjs";

const args = process.argv.slice(2);
const mapsAt = args.indexOf("--maps");
const mapsDir = mapsAt >= 0 ? args.splice(mapsAt, 2)[1] : null;
const givenBase = args[0];
const paths = process.env.MEASURE_PATHS?.split(",") ?? FIRST_LOAD_PAGES;
const quietMs = Number(process.env.QUIET_MS ?? 3000);

const kb = (bytes) => (bytes / 1024).toFixed(1);

async function measure(browser, url) {
  const context = await browser.newContext(LIGHTHOUSE_PHONE);
  try {
    return await firstLoadScripts(context, url, quietMs);
  } finally {
    await context.close();
  }
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
  const total = totalKb(rows);
  console.log(
    `\n${path}: ${rows.length} scripts, ${total.toFixed(1)} KB gzip (budget ${FIRST_LOAD_BUDGET_KB} KB)`,
  );
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
const totals = [];
try {
  for (const path of paths) {
    const rows = await measure(browser, new URL(path, base).href);
    report(path, rows);
    totals.push({ path, scripts: rows.length, "KB gzip": Number(totalKb(rows).toFixed(1)) });
  }
} finally {
  await browser.close();
  await site?.stop();
  if (dataDir) removeDataDir(dataDir);
}

console.log(
  `\nJavaScript loaded before the first interaction (budget ${FIRST_LOAD_BUDGET_KB} KB gzip a page):`,
);
console.table(totals);
const over = totals.filter((row) => row["KB gzip"] > FIRST_LOAD_BUDGET_KB);
if (over.length > 0) {
  console.log(`Over the budget: ${over.map((row) => `${row.path} ${row["KB gzip"]} KB`).join(", ")}`);
  process.exitCode = 1;
}
