// Where Chromium is and how to start it here: Debian's build (`CHROME_PATH` overrides), never a download.
import { existsSync } from "node:fs";

export const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** CHROME_PATH, then Debian's /usr/bin/chromium; null when neither exists. */
export function findChromium() {
  const candidates = [process.env.CHROME_PATH, "/usr/bin/chromium"].filter(Boolean);
  return candidates.find((path) => existsSync(path)) ?? null;
}

export function chromiumExecutable() {
  const path = findChromium();
  if (!path) throw new Error(installHint());
  return path;
}

export function installHint() {
  return [
    "No Chromium found for the browser tests (looked at $CHROME_PATH, then /usr/bin/chromium).",
    "Install Debian's Chromium:   sudo apt-get update && sudo apt-get install -y chromium",
    "or point CHROME_PATH at a Chromium or Chrome binary:   CHROME_PATH=/path/to/chrome npm test",
  ].join("\n");
}
