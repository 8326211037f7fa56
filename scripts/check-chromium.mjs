// Run before the browser tests: fail at once, with the way to fix it, when there is no Chromium.
import { findChromium, installHint } from "./chromium.mjs";

if (!findChromium()) {
  console.error(installHint());
  process.exit(1);
}
