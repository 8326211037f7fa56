import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { pageScript } from "./bench-interact-probe.mjs";
import {
  budgetMisses,
  countOver,
  FLOOR_COLUMNS,
  floorRows,
  formatTable,
  JOURNEY_COLUMNS,
  journeyRows,
  medianMax,
  PAGE_COLUMNS,
  pageRows,
  summarize,
  verdict,
} from "./bench-interact-report.mjs";

describe("summarize", () => {
  it("answers the nearest-rank median and the maximum, whatever the runs' order", () => {
    expect(summarize([900, 120, 450, 300, 610])).toEqual({ median: 450, max: 900, count: 5 });
    expect(summarize([40, 10, 30, 20])).toEqual({ median: 20, max: 40, count: 4 });
  });

  it("leaves out runs without a figure, and answers null when none has one", () => {
    expect(summarize([null, 200, undefined, 100])).toEqual({ median: 100, max: 200, count: 2 });
    expect(summarize([null, null])).toEqual({ median: null, max: null, count: 0 });
  });
});

describe("countOver and medianMax", () => {
  it("counts the runs over a budget, none without one", () => {
    expect(countOver([299, 300, 301, null], 300)).toBe(1);
    expect(countOver([5000], undefined)).toBe(0);
  });

  it("prints median / max in whole milliseconds, or the given word when no run has a figure", () => {
    expect(medianMax(summarize([12.4, 250.6, 99.5]))).toBe("100 / 251");
    expect(medianMax(summarize([null]), "never")).toBe("never");
  });
});

describe("formatTable", () => {
  it("pads each column to its widest cell, right-aligning the numbers", () => {
    const table = formatTable(
      [{ title: "page" }, { title: "ms", align: "right" }],
      [
        ["/", "5"],
        ["/genres", "1250"],
      ],
    );
    expect(table.split("\n")).toEqual(["page       ms", "-------  ----", "/           5", "/genres  1250"]);
  });
});

describe("pageRows", () => {
  const run = (firstControl, hydrated) => ({ firstControl, hydrated, fcp: 100, lcp: 150 });

  it("flags a page whose median gap misses the 1× budget of 300 ms, with the runs over it", () => {
    const [row] = pageRows([
      { path: "/playlists", rate: 1, runs: [run(500, 1100), run(500, 900), run(500, 700)] },
    ]);
    expect(row).toEqual([
      "/playlists",
      "1×",
      "500 / 500",
      "900 / 1100",
      "400 / 600",
      "OVER (2/3 runs > 300)",
      "100 / 100",
      "150 / 150",
      "",
    ]);
    expect(row).toHaveLength(PAGE_COLUMNS.length);
  });

  it("passes a median within the 4× budget of 1.0 s, still counting a run over it", () => {
    const [row] = pageRows([{ path: "/", rate: 4, runs: [run(800, 1500), run(800, 2000), run(800, 1600)] }]);
    expect(row[4]).toBe("800 / 1200");
    expect(row[5]).toBe("ok (1/3 runs > 1000)");
  });

  it("shows a page that never hydrated as without figures rather than as fast, and counts it failed", () => {
    const [row] = pageRows([{ path: "/", rate: 1, runs: [{ ...run(400, null), error: "Timeout" }] }]);
    expect(row[3]).toBe("—");
    expect(row[4]).toBe("—");
    expect(row[5]).toBe("");
    expect(row[8]).toBe("1 failed");
  });
});

describe("journeyRows", () => {
  const run = (figures) => ({
    tookEffect: true,
    actedAt: 500,
    beforeHydration: true,
    hydrated: 900,
    effectAfter: 420,
    inp: 40,
    missed: false,
    navigated: false,
    ...figures,
  });

  it("counts what took effect apart for actions before and after hydration, LOST when one did not", () => {
    const [row] = journeyRows([
      {
        journey: "'Cart'  /merchandise",
        rate: 4,
        runs: [
          run({ tookEffect: false, effectAfter: null }),
          run({ tookEffect: false, effectAfter: null }),
          run({ beforeHydration: false }),
        ],
      },
    ]);
    expect(row).toEqual([
      "'Cart'  /merchandise",
      "4×",
      "0/2 LOST",
      "1/1",
      "500 / 500",
      "900 / 900",
      "420 / 420",
      "OVER (3/3 runs > 200)",
      "40 / 40",
      "ok",
      "",
    ]);
    expect(row).toHaveLength(JOURNEY_COLUMNS.length);
  });

  it("flags INP over 200 ms at 4× but sets no budget at 1×, and notes presses that missed their control", () => {
    const rows = journeyRows([
      {
        journey: "theme",
        rate: 4,
        runs: [
          run({ inp: 328, beforeHydration: false }),
          run({ inp: 180, beforeHydration: false }),
          run({ inp: 240, beforeHydration: false }),
        ],
      },
      { journey: "theme", rate: 1, runs: [run({ inp: 328, missed: true })] },
    ]);
    expect(rows[0].slice(2, 4)).toEqual(["—", "3/3"]);
    expect(rows[0][8]).toBe("240 / 328");
    expect(rows[0][9]).toBe("OVER (2/3 runs > 200)");
    expect(rows[1][9]).toBe("");
    expect(rows[1][10]).toBe("1 missed");
  });

  it("shows 'never' for an effect that never showed, '< 16' when Event Timing saw nothing, and failed runs", () => {
    const [row] = journeyRows([
      {
        journey: "tab",
        rate: 1,
        runs: [
          run({ tookEffect: false, effectAfter: null, inp: null }),
          run({ tookEffect: false, effectAfter: null, inp: null, error: "Timeout 60000ms exceeded" }),
        ],
      },
    ]);
    expect(row[2]).toBe("0/1 LOST");
    expect(row[6]).toBe("never");
    expect(row[8]).toBe("< 16");
    expect(row[10]).toBe("1 failed");
  });

  it("judges action to effect on the worst run at 4×, within budget only when every run took effect in time", () => {
    const rows = journeyRows([
      { journey: "tab", rate: 4, runs: [run({ effectAfter: 60 }), run({ effectAfter: 190 })] },
      { journey: "tab", rate: 4, runs: [run({ effectAfter: 60 }), run({ effectAfter: 201 })] },
      {
        journey: "tab",
        rate: 4,
        runs: [run({ effectAfter: 60 }), run({ tookEffect: false, effectAfter: null })],
      },
      { journey: "tab", rate: 1, runs: [run({ effectAfter: 900 })] },
    ]);
    expect(rows.map((row) => row[7])).toEqual(["ok", "OVER (1/2 runs > 200)", "OVER (1/2 runs > 200)", ""]);
  });

  it("judges INP only on the runs acted after hydration, on their worst", () => {
    const [row] = journeyRows([
      {
        journey: "theme",
        rate: 4,
        runs: [run({ inp: 400, beforeHydration: true }), run({ inp: 120, beforeHydration: false })],
      },
    ]);
    expect(row[9]).toBe("ok");
  });
});

describe("budgetMisses", () => {
  const journey = (runs) => ({ journey: "'Cart'  /merchandise", rate: 4, runs });
  const took = (effectAfter, figures = {}) => ({
    tookEffect: true,
    beforeHydration: true,
    effectAfter,
    inp: 24,
    ...figures,
  });

  it("lists nothing when every figure is within its budget", () => {
    const page = { path: "/", rate: 4, runs: [{ firstControl: 100, hydrated: 900 }] };
    expect(budgetMisses([page], [journey([took(80), took(199)])])).toEqual([]);
  });

  it("lists a slow or lost action, INP over budget after hydration, and a page hydrating late", () => {
    const page = { path: "/playlists", rate: 4, runs: [{ firstControl: 100, hydrated: 1200 }] };
    expect(
      budgetMisses(
        [page],
        [
          journey([took(80), took(450)]),
          journey([took(80), { tookEffect: false, beforeHydration: true, effectAfter: null, inp: null }]),
          journey([took(80, { beforeHydration: false, inp: 260 })]),
        ],
      ),
    ).toEqual([
      "/playlists 4×: first control → hydrated OVER (1/1 runs > 1000)",
      "'Cart'  /merchandise 4×: action → effect OVER (1/2 runs > 200)",
      "'Cart'  /merchandise 4×: action → effect OVER (1/2 runs > 200)",
      "'Cart'  /merchandise 4×: INP after hydration OVER (1/1 runs > 200)",
    ]);
  });
});

describe("verdict", () => {
  it("is OVER when the median misses the budget, ok otherwise, with the runs over it", () => {
    expect(verdict([100, 350, 400], 300)).toBe("OVER (2/3 runs > 300)");
    expect(verdict([100, 200, 400], 300)).toBe("ok (1/3 runs > 300)");
    expect(verdict([100, 200], 300)).toBe("ok");
    expect(verdict([100], undefined)).toBe("");
    expect(verdict([null], 300)).toBe("");
  });
});

describe("pageScript", () => {
  it("puts the named functions on window.__benchPage after the probe (which leaves frames alone)", () => {
    function double(value) {
      return value * 2;
    }
    const window = { top: {} };
    runInNewContext(pageScript({ double, tabNamed: (name) => `tab ${name}` }), { window });
    expect(window.__benchPage.double(21)).toBe(42);
    expect(window.__benchPage.tabNamed("Top Artists")).toBe("tab Top Artists");
    expect(window.__bench).toBeUndefined();
  });
});

describe("floorRows", () => {
  it("answers the medians of the early runs only: acted, code ran, hydration began, effect, hydrated", () => {
    const early = (offset) => ({
      tookEffect: true,
      beforeHydration: true,
      effectAt: 700 + offset,
      effectAfter: 400,
      codeRan: 450 + offset,
      hydrating: 520 + offset,
      hydrated: 900 + offset,
    });
    const late = { ...early(0), beforeHydration: false, codeRan: 5000 };
    const [row] = floorRows([{ journey: "tab", rate: 4, runs: [early(0), early(10), early(20), late] }]);
    expect(row).toEqual(["tab", "4×", "3", "310", "460", "530", "710", "910"]);
    expect(row).toHaveLength(FLOOR_COLUMNS.length);
  });
});
