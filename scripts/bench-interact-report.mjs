// The figures and tables of `npm run bench:interact` (bench-interact.mjs), apart from the browser so
// that they can be tested: a metric's median and maximum over runs, the issue's budgets, and plain
// text tables.
import { percentile } from "./percentile.mjs";

/**
 * Issue 36's budgets. Hydrated within `gapMs[rate]` of the first control being visible (300 ms on
 * an unthrottled desktop, 1.0 s with the CPU slowed 4×); INP within `inpMs[rate]` (200 ms at 4×; no
 * budget is set at 1×, whose figure is only shown).
 */
export const BUDGETS = { gapMs: { 1: 300, 4: 1000 }, inpMs: { 4: 200 } };

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
 * The page table's rows: per page and CPU rate, the median / max of first control visible, hydrated,
 * their gap (flagged OVER when its median misses the budget, with the runs over it), FCP and LCP.
 * `results`: `{ path, rate, runs: [{ firstControl, hydrated, fcp, lcp }] }`.
 */
export function pageRows(results) {
  return results.map(({ path, rate, runs }) => {
    const gaps = runs.map((run) =>
      run.firstControl === null || run.hydrated === null ? null : run.hydrated - run.firstControl,
    );
    const gap = summarize(gaps);
    const budget = BUDGETS.gapMs[rate];
    const over = countOver(gaps, budget);
    const verdict =
      budget === undefined || gap.count === 0
        ? ""
        : gap.median > budget
          ? `OVER (${over}/${runs.length} runs > ${budget})`
          : over > 0
            ? `ok (${over}/${runs.length} runs > ${budget})`
            : "ok";
    return [
      path,
      `${rate}×`,
      medianMax(summarize(runs.map((run) => run.firstControl))),
      medianMax(summarize(runs.map((run) => run.hydrated))),
      medianMax(gap),
      verdict,
      medianMax(summarize(runs.map((run) => run.fcp))),
      medianMax(summarize(runs.map((run) => run.lcp))),
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
];

/**
 * The journey table's rows: per journey and CPU rate, how many runs took effect, how many acted
 * (their last press or key) before the page had hydrated, the median / max of when the visitor acted, when the page hydrated,
 * how long the effect took to show after the action (none when it never did) and INP (flagged OVER
 * when its median misses the budget). A run whose click landed on another element (the page moved
 * under it) is counted as a miss. `results`: `{ journey, early, rate, runs: [{ tookEffect,
 * actedAt, beforeHydration, hydrated, effectAfter, inp, missed, navigated }] }`.
 */
export function journeyRows(results) {
  return results.map(({ journey, early, rate, runs }) => {
    const inps = runs.map((run) => run.inp);
    const inp = summarize(inps);
    const budget = BUDGETS.inpMs[rate];
    const over = countOver(inps, budget);
    const verdict =
      budget === undefined
        ? ""
        : inp.count > 0 && inp.median > budget
          ? `OVER (${over}/${runs.length} runs > ${budget})`
          : over > 0
            ? `ok (${over}/${runs.length} runs > ${budget})`
            : "ok";
    const took = runs.filter((run) => run.tookEffect).length;
    const beforeHydration = runs.filter((run) => run.beforeHydration).length;
    const notes = [
      took < runs.length ? "LOST" : "",
      runs.some((run) => run.missed) ? `${runs.filter((run) => run.missed).length} missed` : "",
      runs.some((run) => run.navigated) ? `${runs.filter((run) => run.navigated).length} navigated` : "",
    ]
      .filter(Boolean)
      .join(", ");
    return [
      journey,
      `${rate}×`,
      early ? `${beforeHydration}/${runs.length}` : "after",
      `${took}/${runs.length}${notes ? ` ${notes}` : ""}`,
      medianMax(summarize(runs.map((run) => run.actedAt))),
      medianMax(summarize(runs.map((run) => run.hydrated))),
      medianMax(summarize(runs.map((run) => run.effectAfter)), "never"),
      medianMax(inp, "< 16"),
      verdict,
    ];
  });
}

export const JOURNEY_COLUMNS = [
  { title: "journey" },
  { title: "CPU", align: "right" },
  { title: "acted before hydrated", align: "right" },
  { title: "took effect" },
  { title: "acted at ms", align: "right" },
  { title: "hydrated ms", align: "right" },
  { title: "effect after ms", align: "right" },
  { title: "INP ms", align: "right" },
  { title: "INP budget" },
];
