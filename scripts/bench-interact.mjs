// `npm run bench:interact`: how soon the site's pages work, in a real Chromium with its CPU slowed by
// CDP (`Emulation.setCPUThrottlingRate`), not in Lighthouse's simulation (issue 36 items 3 and 4).
//
// Chromium is driven over its own DevTools pipe (bare-chromium.mjs), not through Playwright: a page
// loads as in a visitor's browser, with nothing following its requests or polling it (at 4×,
// Playwright attached made a page hydrate 0.2–0.7 s later: docs/measuring.md).
//
// Pages: for each CPU rate and page, INTERACT_RUNS loads in a fresh browser context (a first visit:
// empty cache and storage), each measured inside the page from the navigation's timeOrigin (probe
// in bench-interact-probe.mjs): "first control visible" (the first animation frame in which a
// button, tab, field or link in `main` is rendered in the viewport), "hydrated" (`<html
// data-app="ready">`), their gap (budget: ≤ 300 ms at 1×, ≤ 1.0 s at 4×), and FCP and LCP for
// context.
//
// Journeys: a visitor's actions, pressed or typed (real input through CDP, at the control's centre)
// the moment the control is shown, without waiting for the page's code, one on each of the seven
// pages and on /genre/electronic: the second artist tab on /artist-spotlight, 'Top Artists' on
// /genre/electronic, typing "jazz" into /playlists' search and into the header's search (on
// /playlist/1), 'Cart' on /merchandise, the 'Jazz' genre on /genres, the 'Music History' chip on
// /podcasts, 'Light theme' on /; three while the page hydrates (its code has begun hydrating: the
// second artist tab, 'Cart', 'Light theme'); and two after the page has hydrated (a genre and its
// 'Playlists' tab on /genres, 'Light theme' on /). Each run reports whether the action took effect once the page
// settled (hydrated, nothing left to replay, then INTERACT_SETTLE_MS), whether it was done before the
// page had hydrated, action to effect (from the last press or key to the frame that shows its effect;
// budget: the worst run ≤ 200 ms at 4×), and INP: the longest `PerformanceEventTiming` of an
// interaction (Event Timing floors durations at 16 ms; budget: the worst run acted after hydration
// ≤ 200 ms at 4×). A replayed event is the page's own (untrusted) and has no Event Timing entry: for
// an early action INP is the visitor's press itself, and action to effect is how long they waited.
// The page's start-up marks (`waveform:code`, `waveform:hydrate`) split an early action's wait.
// Exit code 1 when a budget is missed (bench-interact-report.mjs, BUDGETS).
//
// usage: node scripts/bench-interact.mjs [<base-url> …] [--json <file>]
//   no base URL: starts the built site (server/dist, client/dist) as `npm start` runs it, on
//   INTERACT_PORT (4330) with a fresh PGlite folder, and stops it afterwards; build first. A base
//   URL: a site already running (e.g. an older build in a git worktree, to compare in one sitting).
//   Several: the builds to compare, measured in turn load by load (each run of each page or
//   journey on every site before the next), so that a slower moment of the machine falls on all
//   of them alike rather than on whichever ran last; a table and budget check for each.
//   --json <file>: every run's figures, the summaries' inputs, and the machine's load.
// Env: INTERACT_RUNS=5 (per page / journey and rate), INTERACT_RATES=1,4, INTERACT_PATHS (comma-
//   separated; default the issue's seven), INTERACT_ONLY=pages|journeys, INTERACT_JOURNEYS (comma-
//   separated words: only the journeys whose name holds one, e.g. "Cart,header"), INTERACT_SETTLE_MS=2000,
//   INTERACT_WAIT=1 (the control: every journey waits for the page to hydrate before acting, so
//   each should take effect on any build; a LOST there is the bench's own fault or a broken page).
// Desktop viewport (1280×720), no network throttling (the site is on this machine). Other work on the
// machine slows every figure: compare builds in the same sitting, on a quiet machine.
import { randomBytes } from "node:crypto";
import { writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { launchBareChromium } from "./bare-chromium.mjs";
import { PAGE_FUNCTIONS, pageScript } from "./bench-interact-probe.mjs";
import {
  budgetMisses,
  FLOOR_COLUMNS,
  floorRows,
  formatTable,
  JOURNEY_COLUMNS,
  journeyRows,
  PAGE_COLUMNS,
  pageRows,
  summarize,
} from "./bench-interact-report.mjs";
import { newDataDir, removeDataDir, startSite } from "./bench-servers.mjs";
import { chromiumArgs, chromiumExecutable } from "./chromium.mjs";

const args = process.argv.slice(2);
const jsonAt = args.indexOf("--json");
const jsonFile = jsonAt >= 0 ? args.splice(jsonAt, 2)[1] : null;
if (jsonAt >= 0 && !jsonFile) throw new Error("--json needs a file name: --json <file>");
const givenBases = args.map((base) => base.replace(/\/$/, ""));
const PATHS = (
  process.env.INTERACT_PATHS ?? "/,/genres,/playlists,/merchandise,/podcasts,/playlist/1,/artist-spotlight"
).split(",");
const RATES = (process.env.INTERACT_RATES ?? "1,4").split(",").map(Number);
const RUNS = Number(process.env.INTERACT_RUNS ?? 5);
const ONLY = process.env.INTERACT_ONLY;
const WAIT_FIRST = process.env.INTERACT_WAIT === "1";
const SETTLE_MS = Number(process.env.INTERACT_SETTLE_MS ?? 2000);
const TIMEOUT_MS = 60_000;
const VIEWPORT = { width: 1280, height: 720 };
if (ONLY && ONLY !== "pages" && ONLY !== "journeys") throw new Error("INTERACT_ONLY is pages or journeys");
if (!(RUNS >= 1) || RATES.some((rate) => !(rate >= 1))) {
  throw new Error("INTERACT_RUNS must be ≥ 1 and INTERACT_RATES CPU rates ≥ 1 (e.g. 1,4)");
}

/**
 * The issue's journeys. `steps`: the controls pressed in turn (`find`, the name of an in-page finder
 * in bench-interact-probe.mjs, with its `arg`), then `type`d into when given; `effect`: the name of
 * the in-page check that the action took effect, and its argument.
 * `early`: done before the page has hydrated: the moment the control shows, or with `hydrating` once
 * the page's code has begun to hydrate it (React listens, the control's region may not be React's
 * yet); otherwise once the page has hydrated.
 */
const JOURNEYS = [
  {
    name: "2nd artist tab  /artist-spotlight",
    path: "/artist-spotlight",
    early: true,
    steps: [{ find: "nthTab", arg: 1 }],
    effect: ["nthTabSelected", 1],
  },
  {
    name: "'Top Artists' tab  /genre/electronic",
    path: "/genre/electronic",
    early: true,
    steps: [{ find: "tabNamed", arg: "Top Artists" }],
    effect: ["tabNamedSelected", "Top Artists"],
  },
  {
    name: "type 'jazz' in search  /playlists",
    path: "/playlists",
    early: true,
    steps: [{ find: "mainSearch", type: "jazz" }],
    effect: ["searchFiltered", "jazz"],
  },
  {
    name: "type 'jazz' in header search  /playlist/1",
    path: "/playlist/1",
    early: true,
    steps: [{ find: "headerSearch", type: "jazz" }],
    effect: ["headerSuggesting", "jazz"],
  },
  {
    name: "'Cart'  /merchandise",
    path: "/merchandise",
    early: true,
    steps: [{ find: "buttonNamed", arg: "Cart" }],
    effect: ["dialogOpen", "Your Cart"],
  },
  {
    name: "'Jazz' genre  /genres",
    path: "/genres",
    early: true,
    steps: [{ find: "buttonNamed", arg: "Jazz" }],
    effect: ["buttonNamedPressed", "Jazz"],
  },
  {
    name: "'Music History' chip  /podcasts",
    path: "/podcasts",
    early: true,
    steps: [{ find: "buttonNamed", arg: "Music History" }],
    effect: ["buttonNamedPressed", "Music History"],
  },
  {
    name: "'Light theme' at once  /",
    path: "/",
    early: true,
    steps: [{ find: "buttonNamed", arg: "Light theme" }],
    effect: ["buttonNamedPressed", "Light theme"],
  },
  {
    name: "2nd artist tab while hydrating  /artist-spotlight",
    path: "/artist-spotlight",
    early: true,
    hydrating: true,
    steps: [{ find: "nthTab", arg: 1 }],
    effect: ["nthTabSelected", 1],
  },
  {
    name: "'Cart' while hydrating  /merchandise",
    path: "/merchandise",
    early: true,
    hydrating: true,
    steps: [{ find: "buttonNamed", arg: "Cart" }],
    effect: ["dialogOpen", "Your Cart"],
  },
  {
    name: "'Light theme' while hydrating  /",
    path: "/",
    early: true,
    hydrating: true,
    steps: [{ find: "buttonNamed", arg: "Light theme" }],
    effect: ["buttonNamedPressed", "Light theme"],
  },
  {
    name: "'Jazz', then 'Playlists' tab  /genres",
    path: "/genres",
    early: false,
    steps: [
      { find: "buttonNamed", arg: "Jazz" },
      { find: "tabNamed", arg: "Playlists" },
    ],
    effect: ["tabNamedSelected", "Playlists"],
  },
  {
    name: "'Light theme'  /",
    path: "/",
    early: false,
    steps: [{ find: "buttonNamed", arg: "Light theme" }],
    effect: ["buttonNamedPressed", "Light theme"],
  },
];

// INTERACT_JOURNEYS: only the journeys whose name contains one of these (comma-separated) words.
const JOURNEY_FILTER = process.env.INTERACT_JOURNEYS?.split(",").filter(Boolean);
if (JOURNEY_FILTER) {
  const kept = JOURNEYS.filter((journey) => JOURNEY_FILTER.some((word) => journey.name.includes(word)));
  if (kept.length === 0)
    throw new Error(`INTERACT_JOURNEYS=${process.env.INTERACT_JOURNEYS} names no journey`);
  JOURNEYS.splice(0, JOURNEYS.length, ...kept);
}

for (const { steps, effect } of JOURNEYS) {
  for (const name of [...steps.map((step) => step.find), effect[0]]) {
    if (!(name in PAGE_FUNCTIONS)) throw new Error(`No in-page function ${name} in bench-interact-probe.mjs`);
  }
}

/** A fresh page (a first visit), its CPU slowed `rate` times before any navigation. */
function openPage(browser, rate) {
  return browser.newPage({ viewport: VIEWPORT, rate, initScript: pageScript() });
}

/** In the page: resolves once `condition` (an expression) holds, looked at every `everyMs` (or frame). */
function waitInPage(page, condition, { everyMs = "frame", timeoutMs = TIMEOUT_MS } = {}) {
  const next = everyMs === "frame" ? "requestAnimationFrame(look)" : `setTimeout(look, ${everyMs})`;
  return page.evaluate(`new Promise((resolve, reject) => {
    const until = performance.now() + ${timeoutMs};
    const look = () => {
      const value = (${condition});
      if (value) return resolve(value);
      if (performance.now() > until) return reject(new Error("timed out after ${timeoutMs} ms: " + ${JSON.stringify(condition)}));
      ${next};
    };
    look();
  })`);
}

/** Two frames and a moment: the paint and Event Timing entries of what happened are delivered. */
function settleFrames(page) {
  return page.evaluate(
    "new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 300))))",
  );
}

/** Waits until the page has hydrated and (on a build with event replay) nothing waits to be replayed. */
function hydratedAndReplayed(page) {
  return waitInPage(
    page,
    `document.documentElement?.dataset.app === "ready" && (window.__waveformEvents?.pending?.() ?? 0) === 0`,
    { everyMs: 20 },
  );
}

/** What the probe saw, without the elements it keeps (they do not cross to the bench). */
const SEEN = `({
  ...window.__bench,
  target: undefined,
  lastPlace: undefined,
  timeOrigin: performance.timeOrigin,
  // The page's own start-up marks (client/src/main.tsx): its code ran, hydration began.
  marks: Object.fromEntries(
    performance
      .getEntriesByType("mark")
      .filter((mark) => mark.name.startsWith("waveform:"))
      .map((mark) => [mark.name.slice("waveform:".length), mark.startTime]),
  ),
})`;

const round = (value) => (value === null || value === undefined ? null : Math.round(value));

async function measurePage(browser, base, path, rate) {
  const page = await openPage(browser, rate);
  try {
    await page.goto(base + path, TIMEOUT_MS);
    // Looked at four times a second: the figures are the probe's, taken in the page as it loads.
    await waitInPage(page, "window.__bench.hydrated !== null && window.__bench.firstControl !== null", {
      everyMs: 250,
    });
    await settleFrames(page);
    const seen = await page.evaluate(SEEN);
    return {
      firstControl: round(seen.firstControl),
      firstControlWhat: seen.firstControlWhat,
      hydrated: round(seen.hydrated),
      fcp: round(seen.fcp),
      lcp: round(seen.lcp),
    };
  } catch (error) {
    return {
      firstControl: null,
      hydrated: null,
      fcp: null,
      lcp: null,
      error: String(error.message).split("\n")[0],
    };
  } finally {
    await page.close();
  }
}

async function runJourney(browser, base, journey, rate) {
  const page = await openPage(browser, rate);
  try {
    await page.goto(base + journey.path, TIMEOUT_MS);
    const timeOrigin = await page.evaluate("performance.timeOrigin");
    if (!journey.early || WAIT_FIRST) await hydratedAndReplayed(page);
    else if (journey.hydrating)
      await waitInPage(page, `performance.getEntriesByName("waveform:hydrate").length > 0`, { everyMs: 10 });
    for (const step of journey.steps) {
      // Looked for in every frame, as a visitor's eye would: acted on the moment it shows.
      const point = await waitInPage(
        page,
        `window.__benchPage.locate(window.__benchPage[${JSON.stringify(step.find)}](${JSON.stringify(step.arg)}))`,
      );
      await page.click(point.x, point.y);
      if (step.type) await page.type(step.type);
    }
    const [check, arg] = journey.effect;
    const effect = waitInPage(
      page,
      `window.__benchPage[${JSON.stringify(check)}](${JSON.stringify(arg)}) && (window.__bench.effectAt ??= performance.now())`,
      { timeoutMs: TIMEOUT_MS + SETTLE_MS },
    ).then(
      () => true,
      () => false,
    );
    await hydratedAndReplayed(page);
    const tookEffect = await Promise.race([
      effect,
      new Promise((resolve) => setTimeout(() => resolve(false), SETTLE_MS)),
    ]);
    await settleFrames(page);
    const seen = await page.evaluate(SEEN);
    const presses = seen.inputs;
    const actedAt = presses[0]?.at ?? null;
    const actedUntil = presses.at(-1)?.at ?? null;
    const inp = seen.events.length ? Math.max(...seen.events.map((entry) => entry.duration)) : null;
    return {
      tookEffect,
      actedAt: round(actedAt),
      beforeHydration: actedUntil !== null && seen.hydrated !== null && actedUntil < seen.hydrated,
      hydrated: round(seen.hydrated),
      codeRan: round(seen.marks.code),
      hydrating: round(seen.marks.hydrate),
      effectAt: tookEffect ? round(seen.effectAt) : null,
      effectAfter:
        tookEffect && seen.effectAt !== null && actedUntil !== null
          ? round(seen.effectAt - actedUntil)
          : null,
      inp: round(inp),
      missed: presses.some((press) => !press.onTarget),
      hits: presses.filter((press) => !press.onTarget).map((press) => press.hit),
      navigated: seen.timeOrigin !== timeOrigin,
      events: seen.events,
    };
  } catch (error) {
    return {
      tookEffect: false,
      actedAt: null,
      beforeHydration: false,
      hydrated: null,
      effectAfter: null,
      inp: null,
      missed: false,
      navigated: false,
      error: String(error.message).split("\n")[0],
    };
  } finally {
    await page.close();
  }
}

/** The slowdown the page sees at `rate`: a fixed loop's time against its time at 1× (median of 3). */
async function calibrate(browser, base, rate) {
  const times = [];
  for (let run = 0; run < 3; run++) {
    const page = await openPage(browser, rate);
    try {
      await page.goto(`${base}/api/health`, TIMEOUT_MS);
      times.push(
        await page.evaluate(`(() => {
          const started = performance.now();
          let sum = 0;
          for (let i = 0; i < 5_000_000; i++) sum += i % 7;
          return sum > 0 ? performance.now() - started : 0;
        })()`),
      );
    } finally {
      await page.close();
    }
  }
  return summarize(times).median;
}

const pad = (text, width) => String(text).padEnd(width);

let site = null;
let dataDir = null;
if (givenBases.length === 0) {
  process.env.SESSION_SECRET ||= randomBytes(32).toString("base64url");
  dataDir = newDataDir();
  site = await startSite(Number(process.env.INTERACT_PORT ?? 4330), dataDir);
}
const bases = givenBases.length > 0 ? givenBases : [site.url];
const browser = await launchBareChromium({ executablePath: chromiumExecutable(), args: chromiumArgs });
const chromiumVersion = browser.version;
const load = { start: loadavg().map((value) => Number(value.toFixed(2))), end: null };
const pages = [];
const journeys = [];
const slowdown = {};
try {
  console.log(
    `bench:interact  ${bases.join("  ")}  Chromium ${chromiumVersion}  ${VIEWPORT.width}×${VIEWPORT.height}  ` +
      `${RUNS} runs  CPU ${RATES.map((rate) => `${rate}×`).join(", ")}  load average ${load.start.join(" ")}` +
      (WAIT_FIRST
        ? "\nINTERACT_WAIT=1: every journey acts only once the page has hydrated (the control)"
        : ""),
  );
  // The machine's slowdown, not a site's: measured on the first.
  const unslowed = await calibrate(browser, bases[0], 1);
  for (const rate of RATES) {
    slowdown[rate] =
      rate === 1 ? 1 : Number(((await calibrate(browser, bases[0], rate)) / unslowed).toFixed(1));
    if (rate !== 1)
      console.log(`CPU ${rate}×: a fixed loop in the page ran ${slowdown[rate]}× slower than at 1×`);
  }
  for (const rate of RATES) {
    if (ONLY !== "journeys") {
      const results = bases.flatMap((base) => PATHS.map((path) => ({ base, path, rate, runs: [] })));
      // Runs round the pages (and the sites), so that a busy moment of the machine falls on several
      // pages, not one.
      for (let run = 0; run < RUNS; run++) {
        for (const result of results.toSorted((a, b) => PATHS.indexOf(a.path) - PATHS.indexOf(b.path))) {
          const figures = await measurePage(browser, result.base, result.path, rate);
          result.runs.push(figures);
          console.log(
            `  ${bases.length > 1 ? `${result.base}  ` : ""}${pad(result.path, 18)} ${rate}× run ${run + 1}: ` +
              (figures.error
                ? figures.error
                : `control ${figures.firstControl} (${figures.firstControlWhat}), hydrated ${figures.hydrated}, LCP ${figures.lcp}`),
          );
        }
      }
      pages.push(...results);
    }
    if (ONLY !== "pages") {
      const results = JOURNEYS.flatMap((journey) =>
        bases.map((base) => ({
          base,
          journey: journey.name,
          early: journey.early && !WAIT_FIRST,
          rate,
          runs: [],
        })),
      );
      for (let run = 0; run < RUNS; run++) {
        for (const [index, journey] of JOURNEYS.entries()) {
          for (const [at, base] of bases.entries()) {
            const figures = await runJourney(browser, base, journey, rate);
            results[index * bases.length + at].runs.push(figures);
            console.log(
              `  ${bases.length > 1 ? `${base}  ` : ""}${pad(journey.name, 38)} ${rate}× run ${run + 1}: ` +
                (figures.error
                  ? figures.error
                  : `${figures.tookEffect ? "took effect" : "LOST"}, acted ${figures.actedAt} ` +
                    `(${figures.beforeHydration ? "before" : "after"} hydrated ${figures.hydrated}), INP ${figures.inp}`),
            );
          }
        }
      }
      journeys.push(...results);
    }
  }
} finally {
  await browser.close();
  await site?.stop();
  if (dataDir) removeDataDir(dataDir);
}
load.end = loadavg().map((value) => Number(value.toFixed(2)));

console.log(`\nload average at the start ${load.start.join(" ")}, at the end ${load.end.join(" ")}`);
let missed = 0;
for (const base of bases) {
  const ofBase = (result) => result.base === base;
  const basePages = pages.filter(ofBase);
  const baseJourneys = journeys.filter(ofBase);
  if (bases.length > 1) console.log(`\n== ${base}`);
  if (basePages.length) {
    console.log(
      "\nPages (median / max of the runs, ms from navigation start; gap = hydrated − first control)",
    );
    console.log(formatTable(PAGE_COLUMNS, pageRows(basePages)));
  }
  if (baseJourneys.length) {
    console.log(
      "\nJourneys (median / max; 'took effect' of the runs whose action (its last press or key) came before the page" +
        " hydrated, and of those after; 'acted at': the first press or key; 'effect after': from the last one)",
    );
    console.log(formatTable(JOURNEY_COLUMNS, journeyRows(baseJourneys)));
    const early = baseJourneys.filter((result) => result.early);
    if (early.length) {
      console.log(
        "\nWhat an early action waits for (medians of the runs acted before hydration, ms from navigation" +
          " start): the page's code ran (downloaded, parsed, evaluated), hydration began, the effect showed," +
          " the whole page hydrated",
      );
      console.log(formatTable(FLOOR_COLUMNS, floorRows(early)));
    }
  }
  const misses = budgetMisses(basePages, baseJourneys);
  missed += misses.length;
  if (misses.length) {
    console.log(`\nBudgets missed (${misses.length}):\n${misses.map((miss) => `  ${miss}`).join("\n")}`);
  } else {
    console.log("\nEvery budget met.");
  }
}
if (missed > 0) process.exitCode = 1;
if (jsonFile) {
  writeFileSync(
    jsonFile,
    JSON.stringify(
      {
        bases,
        chromium: chromiumVersion,
        viewport: VIEWPORT,
        runs: RUNS,
        rates: RATES,
        slowdown,
        settleMs: SETTLE_MS,
        load,
        pages,
        journeys,
      },
      null,
      2,
    ),
  );
  console.log(`\nEvery run's figures: ${jsonFile}`);
}
