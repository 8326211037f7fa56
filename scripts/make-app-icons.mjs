// Draws the installed app's icons (client/public/icons/*.png, named in client/public/manifest.webmanifest)
// from the site's logo (client/public/favicon.svg) in Debian's Chromium. The PNGs are committed; run
// this again only when the logo changes: node scripts/make-app-icons.mjs
//   icon-<size>.png: the logo as it is (rounded corners, transparent outside them);
//   maskable-<size>.png: the same artwork full-bleed (square corners), for launchers that cut their own
//   shape: the wave lies within the central 80% circle a maskable icon must keep its content in.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { chromium } from "@playwright/test";
import { chromiumArgs, chromiumExecutable } from "./chromium.mjs";

const root = join(import.meta.dirname, "..");
const logo = readFileSync(join(root, "client", "public", "favicon.svg"), "utf8");
const maskable = logo.replace(/ rx="\d+"/, "");
if (maskable === logo) throw new Error("favicon.svg has no rounded corners (rx) to square off");

const browser = await chromium.launch({ executablePath: chromiumExecutable(), args: chromiumArgs });
try {
  const page = await browser.newPage();
  for (const size of [192, 512]) {
    for (const [name, svg] of [
      ["icon", logo],
      ["maskable", maskable],
    ]) {
      await page.setViewportSize({ width: size, height: size });
      const sized = svg.replace("<svg ", `<svg width="${size}" height="${size}" `);
      await page.setContent(
        `<style>html,body{margin:0;background:transparent}svg{display:block}</style>${sized}`,
      );
      const file = join(root, "client", "public", "icons", `${name}-${size}.png`);
      await page.screenshot({ path: file, omitBackground: true });
      console.log(file);
    }
  }
} finally {
  await browser.close();
}
