// Asks Debian's Chromium whether the site installs as an app (decision 0026): the manifest parses
// with no errors, its icons load, the service worker takes the page over, and Chromium reports no
// installability errors. Lighthouse 12+ has no installability audit, so this asks Chromium itself
// (DevTools protocol: Page.getAppManifest, Page.getInstallabilityErrors), in a profile of its own
// (an incognito context is never installable).
//
// usage: node scripts/check-installable.mjs <base-url>     (a built site you started; exits 1 on a problem)
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "@playwright/test";
import { chromiumArgs, chromiumExecutable } from "./chromium.mjs";

const base = process.argv[2];
if (!base) throw new Error("usage: node scripts/check-installable.mjs <base-url>");
const profile = mkdtempSync(join(tmpdir(), "waveform-installable-"));
const context = await chromium.launchPersistentContext(profile, {
  executablePath: chromiumExecutable(),
  args: chromiumArgs,
});
const problems = [];
try {
  const page = context.pages()[0] ?? (await context.newPage());
  page.on("response", (response) => {
    if (response.status() >= 400) problems.push(`${response.status()} ${response.url()}`);
  });
  await page.goto(new URL("/podcasts", base).href);
  // The worker registers on the first press (client/service-worker-build.ts).
  await page.getByRole("heading", { level: 1 }).click();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });
  const cdp = await context.newCDPSession(page);
  const manifest = await cdp.send("Page.getAppManifest");
  if (!manifest.url) problems.push("the page links no manifest");
  for (const error of manifest.errors) problems.push(`manifest: ${error.message}`);
  const parsed = JSON.parse(manifest.data ?? "{}");
  for (const icon of parsed.icons ?? []) {
    const answer = await page.request.get(new URL(icon.src, manifest.url).href);
    const type = answer.headers()["content-type"];
    if (!answer.ok() || type !== "image/png") problems.push(`icon ${icon.src}: ${answer.status()} ${type}`);
  }
  const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
  for (const error of installabilityErrors) problems.push(`installability: ${error.errorId}`);
  console.log(
    `manifest ${manifest.url}: "${parsed.name}", ${parsed.icons?.length ?? 0} icons, display ${parsed.display}`,
  );
} finally {
  await context.close();
  rmSync(profile, { recursive: true, force: true });
}
if (problems.length > 0) {
  console.error(`Not installable:\n  ${problems.join("\n  ")}`);
  process.exit(1);
}
console.log("Installable: Chromium reports no installability errors.");
