// The figures and tables of `npm run bench:interact` (bench-interact.mjs), apart from the browser so
// that they can be tested: a metric's median and maximum over runs, the budgets, and plain
// text tables.
import { percentile } from "./percentile.mjs";

/**
 * The budgets. Hydrated within `gapMs[rate]` of the first control being visible (300 ms on an
 * unthrottled desktop, 1.0 s with the CPU slowed 4×), judged on the runs' median. Every action takes
 * effect within `effectMs[rate]` of the visitor's last press or key, whether made before, during or
 * after hydration (200 ms at 4×), judged on the worst run (a lost action misses it). INP within
 * `inpMs[rate]` (200 ms at 4×) for the runs whose action came after hydration, judged on the worst
 * (an early action's INP is the press alone: its wait is the effect's figure). No budget is set at
 * 1×, except the gap's: those figures are only shown.
 */
export const BUDGETS = { gapMs: { 1: 300, 4: 1000 }, inpMs: { 4: 200 }, effectMs: { 4: 200 } };

/**
 * The median (nearest rank, percentile.mjs) and maximum of the runs' values, and how many runs had
 * one; runs without a value (null: never seen, e.g. no interaction long enough for Event Timing)
 * are left out.
 */
export function summarize(values) {
  const present = values.filter((value) => typeof value === "number" && Number.isFinite(value));
  const sorted = [...present].sort((a, b) => a - b);
  return {
    median: sorted.length ? percentile(sorted, 50) : null,
    max: sorted.length ? sorted[sorted.length - 1] : null,
    count: sorted.length,
  };
}

/** How many of `values` are over `budget` (none when there is no budget). */
export function countOver(values, budget) {
  if (budget === undefined) return 0;
  return values.filter((value) => typeof value === "number" && value > budget).length;
}

/** Milliseconds as a whole number, or `none` for a missing value. */
export function ms(value, none = "—") {
  return value === null || value === undefined ? none : String(Math.round(value));
}

/** "median / max" of a summary, in whole milliseconds. */
export function medianMax(summary, none = "—") {
  if (summary.count === 0) return none;
  return `${ms(summary.median)} / ${ms(summary.max)}`;
}

/**
 * A plain text table: a header line, a rule, then one line per row; `columns` are
 * `{ title, align?: "left" | "right" }`, each row an array of strings in the columns' order. Columns
 * are as wide as their widest cell; numbers read best right-aligned.
 */
export function formatTable(columns, rows) {
  const widths = columns.map((column, index) =>
    Math.max(column.title.length, ...rows.map((row) => String(row[index] ?? "").length)),
  );
  const line = (cells) =>
    cells
      .map((cell, index) => {
        const text = String(cell ?? "");
        return columns[index].align === "right" ? text.padStart(widths[index]) : text.padEnd(widths[index]);
      })
      .join("  ")
      .trimEnd();
  return [
    line(columns.map((column) => column.title)),
    widths.map((width) => "-".repeat(width)).join("  "),
    ...rows.map(line),
  ].join("\n");
}

/**
 * A figure's verdict against its budget: OVER when the runs' median misses it, else ok; either with
 * how many runs were over it. Empty when there is no budget or no figure.
 */
export function verdict(values, budget) {
  const { median, count } = summarize(values);
  if (budget === undefined || count === 0) return "";
  const over = countOver(values, budget);
  const runs = over > 0 ? ` (${over}/${values.length} runs > ${budget})` : "";
  return median > budget ? `OVER${runs}` : `ok${runs}`;
}

/**
 * A figure's verdict judged on its worst run: OVER when any run misses the budget (or had no
 * figure where one was due: `missing` of them, e.g. an action that never took effect), with how
 * many; else ok. Empty when there is no budget or nothing was measured.
 */
export function worstVerdict(values, budget, missing = 0) {
  if (budget === undefined || values.length + missing === 0) return "";
  const over = countOver(values, budget) + missing;
  const total = values.length + missing;
  return over > 0 ? `OVER (${over}/${total} runs > ${budget})` : "ok";
}

/** A journey's action-to-effect verdict: every run, its worst; a run that never took effect misses. */
function effectVerdict(runs, rate) {
  const measured = runs.filter((run) => !run.error);
  const lost = measured.filter((run) => !run.tookEffect || run.effectAfter === null).length;
  const times = measured
    .filter((run) => run.tookEffect && run.effectAfter !== null)
    .map((run) => run.effectAfter);
  return worstVerdict(times, BUDGETS.effectMs[rate], lost + (runs.length - measured.length));
}

/** A journey's INP verdict: the worst INP of the runs whose action came after the page hydrated. */
function inpVerdict(runs, rate) {
  const after = runs.filter((run) => !run.error && !run.beforeHydration);
  // An interaction under Event Timing's 16 ms floor has no entry: within any budget.
  return worstVerdict(
    after.map((run) => run.inp ?? 0),
    BUDGETS.inpMs[rate],
  );
}

/**
 * Every budget the figures miss, one line each (none: all within). The gap is judged on its median,
 * an action's effect and INP after hydration on their worst run (`effectVerdict`, `inpVerdict`).
 */
export function budgetMisses(pages, journeys) {
  const misses = [];
  for (const { path, rate, runs } of pages) {
    const gaps = runs.map((run) =>
      run.firstControl === null || run.hydrated === null ? null : run.hydrated - run.firstControl,
    );
    const gap = verdict(gaps, BUDGETS.gapMs[rate]);
    if (gap.startsWith("OVER")) misses.push(`${path} ${rate}×: first control → hydrated ${gap}`);
    if (runs.length > 0 && runs.every((run) => run.error)) misses.push(`${path} ${rate}×: never measured`);
  }
  for (const { journey, rate, runs } of journeys) {
    const effect = effectVerdict(runs, rate);
    if (effect.startsWith("OVER")) misses.push(`${journey} ${rate}×: action → effect ${effect}`);
    const inp = inpVerdict(runs, rate);
    if (inp.startsWith("OVER")) misses.push(`${journey} ${rate}×: INP after hydration ${inp}`);
  }
  return misses;
}

/**
 * The page table's rows: per page and CPU rate, the median / max of first control visible, hydrated,
 * their gap (flagged OVER when its median misses the budget, with the runs over it), FCP, LCP, and
 * how many runs failed. `results`: `{ path, rate, runs: [{ firstControl, hydrated, fcp, lcp, error? }] }`.
 */
export function pageRows(results) {
  return results.map(({ path, rate, runs }) => {
    const gaps = runs.map((run) =>
      run.firstControl === null || run.hydrated === null ? null : run.hydrated - run.firstControl,
    );
    const gap = summarize(gaps);
    return [
      path,
      `${rate}×`,
      medianMax(summarize(runs.map((run) => run.firstControl))),
      medianMax(summarize(runs.map((run) => run.hydrated))),
      medianMax(gap),
      verdict(gaps, BUDGETS.gapMs[rate]),
      medianMax(summarize(runs.map((run) => run.fcp))),
      medianMax(summarize(runs.map((run) => run.lcp))),
      runs.some((run) => run.error) ? `${runs.filter((run) => run.error).length} failed` : "",
    ];
  });
}

export const PAGE_COLUMNS = [
  { title: "page" },
  { title: "CPU", align: "right" },
  { title: "first control ms", align: "right" },
  { title: "hydrated ms", align: "right" },
  { title: "gap ms", align: "right" },
  { title: "gap budget" },
  { title: "FCP ms", align: "right" },
  { title: "LCP ms", align: "right" },
  { title: "notes" },
];

/**
 * "k/n" of the runs that took effect, with LOST when one did not; "—" for no runs.
 */
function tookEffect(runs) {
  if (runs.length === 0) return "—";
  const took = runs.filter((run) => run.tookEffect).length;
  return `${took}/${runs.length}${took < runs.length ? " LOST" : ""}`;
}

/**
 * The journey table's rows: per journey and CPU rate, how many of the runs whose action (its last
 * press or key) came before the page had hydrated took effect, and how many of those that came
 * after (a fast page may hydrate before the visitor acts; those runs show nothing of the early
 * path); the median / max of when the visitor first acted, when the page hydrated, how long the
 * effect took to show after the last press or key ("never" when it did not) and its verdict on the
 * worst run, INP and its verdict (the worst of the runs acted after hydration), and notes: runs whose press landed on another element (the page
 * moved under it), whose page navigated away, or that failed. `results`: `{ journey, rate, runs:
 * [{ tookEffect, actedAt, beforeHydration, hydrated, effectAfter, inp, missed, navigated, error? }] }`.
 */
export function journeyRows(results) {
  return results.map(({ journey, rate, runs }) => {
    const inps = runs.map((run) => run.inp);
    const count = (test) => runs.filter(test).length;
    const notes = [
      count((run) => run.missed) ? `${count((run) => run.missed)} missed` : "",
      count((run) => run.navigated) ? `${count((run) => run.navigated)} navigated` : "",
      count((run) => run.error) ? `${count((run) => run.error)} failed` : "",
    ];
    return [
      journey,
      `${rate}×`,
      tookEffect(runs.filter((run) => !run.error && run.beforeHydration)),
      tookEffect(runs.filter((run) => !run.error && !run.beforeHydration)),
      medianMax(summarize(runs.map((run) => run.actedAt))),
      medianMax(summarize(runs.map((run) => run.hydrated))),
      medianMax(summarize(runs.map((run) => run.effectAfter)), "never"),
      effectVerdict(runs, rate),
      medianMax(summarize(inps), "< 16"),
      inpVerdict(runs, rate),
      notes.filter(Boolean).join(", "),
    ];
  });
}

export const JOURNEY_COLUMNS = [
  { title: "journey" },
  { title: "CPU", align: "right" },
  { title: "took effect: acted before hydrated" },
  { title: "acted after" },
  { title: "acted at ms", align: "right" },
  { title: "hydrated ms", align: "right" },
  { title: "effect after ms", align: "right" },
  { title: "effect budget (worst)" },
  { title: "INP ms", align: "right" },
  { title: "INP budget (worst, acted after)" },
  { title: "notes" },
];

/**
 * What an early action waited for, per journey and CPU rate: the medians, over the runs whose action
 * came before hydration, of when the visitor acted (the last press or key), when the page's code
 * had run (the `waveform:code` mark: downloaded, parsed and evaluated), when hydration began
 * (`waveform:hydrate`), when the effect showed, and when the whole page had hydrated. Read across,
 * it is the floor of an early action: the code, React's start, then the touched region's hydration.
 */
export function floorRows(results) {
  return results.map(({ journey, rate, runs }) => {
    const early = runs.filter((run) => !run.error && run.beforeHydration);
    const median = (pick) => ms(summarize(early.map(pick)).median);
    const actedUntil = (run) =>
      run.effectAt === null || run.effectAfter === null ? null : run.effectAt - run.effectAfter;
    return [
      journey,
      `${rate}×`,
      String(early.length),
      median(actedUntil),
      median((run) => run.codeRan),
      median((run) => run.hydrating),
      median((run) => run.effectAt),
      median((run) => run.hydrated),
    ];
  });
}

export const FLOOR_COLUMNS = [
  { title: "journey" },
  { title: "CPU", align: "right" },
  { title: "early runs", align: "right" },
  { title: "acted", align: "right" },
  { title: "code ran", align: "right" },
  { title: "hydrating", align: "right" },
  { title: "effect", align: "right" },
  { title: "hydrated", align: "right" },
];
