import { randomBytes } from "node:crypto";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { defineConfig, devices } from "@playwright/test";
import packageJson from "./package.json" with { type: "json" };
import { chromiumArgs, chromiumExecutable } from "./scripts/chromium.mjs";
import { runtimeProblem } from "./scripts/node-runtime.mjs";

// The journeys' runner and the servers it starts run on the project's Node (npm puts it first on
// the PATH); run from elsewhere on an older one, say so rather than fail somewhere inside.
const runtime = runtimeProblem({
  version: process.version,
  execPath: process.execPath,
  range: packageJson.engines.node,
  command: "npx playwright test   (or: npm test)",
});
if (runtime) throw new Error(runtime);

const PORT = Number(process.env.E2E_PORT ?? 3210);
const baseURL = `http://127.0.0.1:${PORT}`;
const FAKE_SPOTIFY_PORT = Number(process.env.E2E_FAKE_SPOTIFY_PORT ?? 3211);
const fakeSpotifyUrl = `http://127.0.0.1:${FAKE_SPOTIFY_PORT}`;
/**
 * The curator console's journeys (e2e/console-*.spec.ts) change the catalogue (an advertisement on
 * the home page, a new podcast, published playlists), which the public journeys count and read. So
 * they run against a second server with a database of its own, and the public journeys never see
 * their changes, in whatever order the workers run.
 */
const CONSOLE_PORT = Number(process.env.E2E_CONSOLE_PORT ?? PORT + 2);
const consoleBaseURL = `http://127.0.0.1:${CONSOLE_PORT}`;
const CONSOLE_SPECS = "**/console-*.spec.ts";
/**
 * Where the console server sends mail: an SMTP sink the newsletter journey starts itself
 * (e2e/smtp-sink.ts), so it counts what arrives (e2e/console-newsletter.spec.ts).
 */
const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? CONSOLE_PORT + 1);
process.env.E2E_SMTP_PORT = String(SMTP_PORT);
/** Written by scripts/e2e-server.mjs, read by e2e/console-fixtures.ts (relative to the repository). */
const CONSOLE_OPERATORS_FILE = "e2e/.tmp/console-operators.json";
/** Where e2e/fixtures.ts keeps this run's axe verdicts (relative to the repository). */
const AXE_VERDICTS_FOLDER = "e2e/.tmp/axe-verdicts";
const E2E_SPOTIFY_CLIENT_ID = "e2e-fake-spotify-client";
/**
 * Written by scripts/e2e-server.mjs for the public server only (its E2E_FEDIVERSE_FIXTURE), read by
 * e2e/fediverse-follow.spec.ts (relative to the repository).
 */
const FEDIVERSE_FIXTURE_FILE = "e2e/.tmp/fediverse-fixture.json";
process.env.E2E_FEDIVERSE_FIXTURE_FILE = FEDIVERSE_FIXTURE_FILE;
/**
 * Playwright starts web servers one after another, each once the one before answers. The fake
 * Spotify and the public server count as started once launched (they print this line first), so
 * they start side by side with the console server; e2e/servers-ready.ts then waits for their
 * health addresses (E2E_READY_URLS) before the first journey.
 */
const LAUNCHED = "launched";
const launchedAtOnce = (command: string) => ({
  command: `echo ${LAUNCHED} && ${command}`,
  wait: { stdout: new RegExp(`^${LAUNCHED}$`, "m") },
});
process.env.E2E_READY_URLS = JSON.stringify([`${fakeSpotifyUrl}/__health`, `${baseURL}/api/health`]);
// The early-actions journeys sign in to the console too (their project's base is the public site).
process.env.E2E_CONSOLE_URL = consoleBaseURL;
/** A visitor's first taps, each the moment its control shows (e2e/early-actions.spec.ts). */
const EARLY_ACTIONS_SPEC = "**/early-actions.spec.ts";
// Secrets for this run, made once in the main process (workers inherit them and re-read this file),
// so a browser test can check that neither reaches the client bundle.
process.env.E2E_SESSION_SECRET ||= randomBytes(32).toString("base64url");
process.env.E2E_SPOTIFY_CLIENT_SECRET ||= randomBytes(24).toString("hex");
// Names this run's folder of axe verdicts, which every worker shares (e2e/fixtures.ts). Set once, by
// the main process, which first clears earlier runs' folders (a run still going only scans again).
if (!process.env.E2E_RUN_ID) {
  rmSync(join(import.meta.dirname, AXE_VERDICTS_FOLDER), { recursive: true, force: true });
  process.env.E2E_RUN_ID = randomBytes(6).toString("hex");
}

/**
 * Browser journeys against the built server on a fresh PGlite folder, in Debian's Chromium, at
 * desktop and phone width. Run through `npm run test:e2e`, which builds first.
 */
export default defineConfig({
  testDir: "./e2e",
  outputDir: "./e2e/.tmp/results",
  globalSetup: "./e2e/servers-ready.ts",
  fullyParallel: true,
  // Three workers on every machine: the journeys mostly wait (on the server, timers, animations),
  // and a third browser fills the two cores CI has (on an idle 2-core machine: 8.8 min, against
  // 9.7 min with two). E2E_WORKERS overrides it.
  workers: Number(process.env.E2E_WORKERS ?? 3),
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  // Timeouts catch a journey that hangs; they are not a measure of speed (the benches are). On a
  // 2-core CI machine under the whole suite a page that renders in 1 s alone took past 7 s to show,
  // and a journey that takes 15 s alone past 30 s: the old budgets failed passing journeys. A
  // passing journey takes no longer for a larger budget; a lost tap never takes effect at all.
  timeout: 120_000,
  expect: { timeout: 20_000 },
  reporter: process.env.CI
    ? [["list"]]
    : [["list"], ["html", { open: "never", outputFolder: "e2e/.tmp/report" }]],
  use: {
    baseURL,
    // Recording a trace costs every journey CPU (DOM snapshots at each action, made in the browser
    // and written by the worker): screens.spec and layout.spec's 61 journeys took 92 CPU-seconds in
    // the browsers and workers with it, 68 without. CI keeps only its log, so no trace would be
    // opened: off. A failure still leaves its screenshot in e2e/.tmp/results, and E2E_TRACE=1
    // records a trace of each failing journey.
    trace: process.env.E2E_TRACE ? "retain-on-failure" : "off",
    screenshot: "only-on-failure",
    launchOptions: { executablePath: chromiumExecutable(), args: chromiumArgs },
    // The site registers a service worker on the first tap (decision 0026); a journey's page.route
    // never sees what a worker answers, and every journey would precache the build. Only
    // e2e/offline.spec.ts lets it register.
    serviceWorkers: "block",
  },
  projects: [
    // The console projects first: their journeys are the longest (30-80 s on a busy machine), and
    // Playwright hands out tests in project order, so begun last they kept one or two workers busy
    // after the others had finished.
    {
      name: "console-desktop",
      testMatch: CONSOLE_SPECS,
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 }, baseURL: consoleBaseURL },
    },
    {
      name: "console-phone",
      testMatch: CONSOLE_SPECS,
      // The console journeys tagged @both-widths: each console page's layout and axe at phone width,
      // and the drag that reorders a playlist. The others (forms, public pages, exports) do the same
      // at every width, so they run once, at desktop width.
      grep: /@both-widths/,
      use: {
        ...devices["Desktop Chrome"],
        viewport: { width: 375, height: 812 },
        hasTouch: true,
        baseURL: consoleBaseURL,
      },
    },
    {
      // The CPU slowed 4× (Lighthouse's phone, by CDP: e2e/fixtures.ts), so a page's code takes
      // over seconds after its controls show: the early actions must take effect all the same.
      name: "slow-cpu",
      testMatch: EARLY_ACTIONS_SPEC,
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } },
      timeout: 180_000,
      expect: { timeout: 30_000 },
    },
    {
      name: "desktop",
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } },
      testIgnore: [CONSOLE_SPECS, EARLY_ACTIONS_SPEC],
      // Journeys of the phone width only (e2e/fixtures.ts PHONE_ONLY), left out rather than skipped.
      grepInvert: /@phone-only/,
    },
    {
      name: "phone",
      use: { ...devices["Desktop Chrome"], viewport: { width: 375, height: 812 }, hasTouch: true },
      // Every screen is checked at phone width by screens.spec (layout, sideways scroll, axe), and
      // the journeys whose controls change with the width (header and menu, player, search, show
      // pages, listening links, pages without JavaScript) run at both widths. These journeys test
      // behaviour that is the same at every width, so they run once, at desktop width.
      // Journeys tagged DESKTOP_ONLY (e2e/fixtures.ts) as well: the same markup or no browser.
      grepInvert: /@desktop-only/,
      testIgnore: [
        CONSOLE_SPECS,
        EARLY_ACTIONS_SPEC,
        "**/crawl.spec.ts",
        "**/editorial.spec.ts",
        // Lighthouse's phone is its own context: once is enough.
        "**/first-load-js.spec.ts",
        "**/genres.spec.ts",
        "**/home.spec.ts",
        "**/not-found.spec.ts",
        "**/playlists.spec.ts",
        "**/podcasts.spec.ts",
        "**/shop.spec.ts",
        "**/spotify.spec.ts",
        "**/theme.spec.ts",
      ],
    },
  ],
  // Each server's start is given 3 minutes: the console's runs the admin CLI first, and on a loaded
  // 2-core machine starting took past the 60 s it once had. A server that starts never waits more.
  webServer: [
    {
      // The fake Spotify (accounts + Web API) the site talks to; switches: POST /__control.
      ...launchedAtOnce("npx tsx server/src/test/fake-spotify/main.ts"),
      // Still named: Playwright refuses to start when something already answers there.
      url: `${fakeSpotifyUrl}/__health`,
      reuseExistingServer: false,
      timeout: 180_000,
      env: {
        FAKE_SPOTIFY_PORT: String(FAKE_SPOTIFY_PORT),
        SPOTIFY_CLIENT_ID: E2E_SPOTIFY_CLIENT_ID,
        SPOTIFY_CLIENT_SECRET: process.env.E2E_SPOTIFY_CLIENT_SECRET,
      },
    },
    {
      ...launchedAtOnce("node scripts/e2e-server.mjs"),
      url: `${baseURL}/api/health`,
      reuseExistingServer: false,
      timeout: 180_000,
      env: {
        PORT: String(PORT),
        LOG_LEVEL: "warn",
        // Every journey subscribes from the same address; the limit itself is an API test's job.
        NEWSLETTER_RATE_LIMIT_PER_MINUTE: "100",
        // Insights' counts are written every 5 s; the journeys read them back at once (issue 33).
        INSIGHTS_FLUSH_MS: "200",
        // Every journey's browser comes from 127.0.0.1: one address for the whole run's beacons.
        INSIGHTS_BEACONS_PER_MINUTE: "1000000",
        SPOTIFY_CLIENT_ID: E2E_SPOTIFY_CLIENT_ID,
        SPOTIFY_CLIENT_SECRET: process.env.E2E_SPOTIFY_CLIENT_SECRET,
        SESSION_SECRET: process.env.E2E_SESSION_SECRET,
        SPOTIFY_ACCOUNTS_URL: fakeSpotifyUrl,
        SPOTIFY_API_URL: `${fakeSpotifyUrl}/v1`,
        // The club on the fediverse on its plain-http address: follow boxes on every page, and the
        // posts and approved replies of the fixture (e2e/fediverse-follow.spec.ts).
        FEDERATION: "on",
        E2E_FEDIVERSE_FIXTURE: FEDIVERSE_FIXTURE_FILE,
      },
    },
    {
      // The console journeys' server: the same build and settings on a database of its own. It may
      // read feeds on loopback (ALLOW_PRIVATE_FEEDS), where the journeys serve fixture feeds.
      command: "node scripts/e2e-server.mjs",
      url: `${consoleBaseURL}/api/health`,
      reuseExistingServer: false,
      timeout: 180_000,
      env: {
        PORT: String(CONSOLE_PORT),
        E2E_DATA_DIR: "e2e/.tmp/console-data",
        // Operators made with the admin CLI before the server starts (e2e/console-fixtures.ts).
        E2E_CONSOLE_OPERATORS_FILE: CONSOLE_OPERATORS_FILE,
        // Every console journey signs in from 127.0.0.1; the limit itself is an API test's job.
        CONSOLE_SIGN_IN_LIMIT_PER_ADDRESS: "1000",
        ALLOW_PRIVATE_FEEDS: "true",
        // The club on the fediverse, though PUBLIC_URL is http here (e2e/console-fediverse.spec.ts),
        // with followers and replies written before it starts; their servers are on loopback.
        FEDERATION: "on",
        FEDERATION_ALLOW_PRIVATE_ADDRESSES: "true",
        E2E_FEDIVERSE_SEED: "1",
        // Mail goes to the newsletter journey's sink; a local relay without STARTTLS, and fast.
        SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
        SMTP_ALLOW_PLAINTEXT: "true",
        NEWSLETTER_SEND_RATE: "100",
        LOG_LEVEL: "warn",
        NEWSLETTER_RATE_LIMIT_PER_MINUTE: "100",
        // Insights' counts are written every 5 s; the journeys read them back at once (issue 33).
        INSIGHTS_FLUSH_MS: "200",
        // Every journey's browser comes from 127.0.0.1: one address for the whole run's beacons.
        INSIGHTS_BEACONS_PER_MINUTE: "1000000",
        SPOTIFY_CLIENT_ID: E2E_SPOTIFY_CLIENT_ID,
        SPOTIFY_CLIENT_SECRET: process.env.E2E_SPOTIFY_CLIENT_SECRET,
        SESSION_SECRET: process.env.E2E_SESSION_SECRET,
        SPOTIFY_ACCOUNTS_URL: fakeSpotifyUrl,
        SPOTIFY_API_URL: `${fakeSpotifyUrl}/v1`,
      },
    },
  ],
});
