// Takes screenshots of pages as a visitor sees them, for looking at with an image viewer.
// usage: node scripts/screenshot.mjs <base-url> <out-dir> <path> [<path> …]
// Env: THEMES=dark,light  WIDTHS=1280,375  FULL=1 (full page)  NOJS=1 (JavaScript off: the page as
// the server sent it, before hydration; the theme is then the default, dark)
//      COOKIE="name=value" (sent with every request to <base-url>: a signed-in console page)
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { chromium } from "@playwright/test";
import { chromiumArgs, chromiumExecutable } from "./chromium.mjs";

const [base, outDir, ...pagePaths] = process.argv.slice(2);
if (!base || !outDir || pagePaths.length === 0) {
  console.error("usage: node scripts/screenshot.mjs <base-url> <out-dir> <path> [<path> …]");
  process.exit(2);
}
const themes = (process.env.THEMES ?? "dark,light").split(",");
const widths = (process.env.WIDTHS ?? "1280,375").split(",").map(Number);
mkdirSync(outDir, { recursive: true });

const browser = await chromium.launch({ executablePath: chromiumExecutable(), args: chromiumArgs });
try {
  for (const theme of themes) {
    for (const width of widths) {
      const context = await browser.newContext({
        viewport: { width, height: 900 },
        reducedMotion: "reduce",
        javaScriptEnabled: process.env.NOJS !== "1",
      });
      await context.addInitScript((value) => localStorage.setItem("waveform-theme", value), theme);
      const cookie = process.env.COOKIE?.match(/^([^=]+)=(.*)$/);
      if (cookie) await context.addCookies([{ name: cookie[1], value: cookie[2], url: base }]);
      const page = await context.newPage();
      for (const pagePath of pagePaths) {
        await page.goto(new URL(pagePath, base).href, { waitUntil: "networkidle" });
        const mode = process.env.NOJS === "1" ? "-nojs" : "";
        const name = `${pagePath.replace(/[^a-z0-9]+/gi, "_") || "home"}-${theme}-${width}${mode}.png`;
        await page.screenshot({ path: join(outDir, name), fullPage: process.env.FULL === "1" });
        console.log(join(outDir, name));
      }
      await context.close();
    }
  }
} finally {
  await browser.close();
}
