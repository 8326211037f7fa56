import { type InsightsReport, InsightsReportSchema, LISTENING_APPS } from "@waveform/contracts/insights";
import { describe, expect, it } from "vitest";
import {
  appsChart,
  appsSummary,
  axisLabelStep,
  chartTable,
  dailyChart,
  dailySummary,
  downloadsChart,
  downloadsSummary,
  percent,
} from "./chart-data";

/** A 7-day report with the given days' figures (the rest zero), valid by the contract. */
function report(days: { visitors?: number; pageViews?: number; downloads?: number }[] = []): InsightsReport {
  const daily = Array.from({ length: 7 }, (_, index) => ({
    day: `2026-11-${String(21 + index).padStart(2, "0")}`,
    visitors: days[index]?.visitors ?? 0,
    pageViews: days[index]?.pageViews ?? 0,
    downloads: days[index]?.downloads ?? 0,
    spotifySaves: 0,
  }));
  const sum = (key: "visitors" | "pageViews" | "downloads") =>
    daily.reduce((total, day) => total + day[key], 0);
  return InsightsReportSchema.parse({
    days: 7,
    from: "2026-11-21",
    to: "2026-11-27",
    daily,
    totals: {
      visitors: sum("visitors"),
      pageViews: sum("pageViews"),
      downloads: sum("downloads"),
      spotifySaves: 0,
    },
    topPages: [],
    topPlaylists: [],
    downloadsByDayAndApp: [],
    downloadsByApp: LISTENING_APPS.map((app) => ({ app, downloads: 0 })),
    topEpisodes: [],
    playThrough: [],
    referrers: [],
    emptySearches: [],
    ads: [],
  });
}

describe("the charts' tables", () => {
  it("gives every day a row with each series' number, the whole date in the table and a short one on the axis", () => {
    const week = report([{ visitors: 3, pageViews: 1200 }, {}, { visitors: 12, pageViews: 40 }]);
    expect(dailyChart(week).labels.slice(0, 2)).toEqual(["Nov 21", "Nov 22"]);
    const table = chartTable(dailyChart(week, true));
    expect(table.head).toEqual(["Day", "Page views", "Visitors"]);
    expect(table.rows).toHaveLength(7);
    expect(table.rows[0]).toEqual(["Nov 21, 2026", "1,200", "3"]);
    expect(table.rows[2]).toEqual(["Nov 23, 2026", "40", "12"]);
    expect(table.rows[6]).toEqual(["Nov 27, 2026", "0", "0"]);
    expect(chartTable(downloadsChart(report([{}, { downloads: 5 }]), true)).rows[1]).toEqual([
      "Nov 22, 2026",
      "5",
    ]);
  });

  it("names every listening app in the apps chart, zeros too, in the contract's order", () => {
    const week = report();
    week.downloadsByApp = LISTENING_APPS.map((app) => ({ app, downloads: app === "overcast" ? 4 : 0 }));
    const table = chartTable(appsChart(week));
    expect(table.head).toEqual(["App", "Downloads"]);
    expect(table.rows.map((row) => row[0])).toEqual([
      "Apple Podcasts",
      "Spotify",
      "Overcast",
      "Pocket Casts",
      "AntennaPod",
      "A web browser",
      "Other apps",
    ]);
    expect(table.rows[2]).toEqual(["Overcast", "4"]);
  });
});

describe("the charts' summaries", () => {
  it("says the totals and the busiest day", () => {
    const week = report([{ visitors: 3, pageViews: 10 }, { visitors: 5, pageViews: 30 }, { pageViews: 30 }]);
    expect(dailySummary(week)).toBe(
      "70 page views and 8 visitors (each day's added up) in the last 7 days; the busiest day was Nov 22, 2026, with 30 page views.",
    );
    expect(downloadsSummary(report([{ downloads: 2 }, {}, {}, { downloads: 9 }]))).toBe(
      "11 episode downloads in the last 7 days; the most on Nov 24, 2026 (9).",
    );
  });

  it("names the app most downloads came from, with its share", () => {
    const week = report();
    week.downloadsByApp = LISTENING_APPS.map((app) => ({
      app,
      downloads: app === "apple-podcasts" ? 20 : app === "browser" ? 22 : 0,
    }));
    expect(appsSummary(week)).toBe("Most downloads came from A web browser: 22 of 42 (52 %).");
  });

  it("says plainly when there is nothing to show", () => {
    expect(dailySummary(report())).toBe("No page views were counted in the last 7 days.");
    expect(downloadsSummary(report())).toBe("No episode downloads were counted in the last 7 days.");
    expect(appsSummary(report())).toBe("No downloads in the last 7 days, so no listening apps to compare.");
    expect(percent(3, 0)).toBe("–");
    expect(percent(1, 3)).toBe("33 %");
  });

  it("writes every label of a week on the axis, and every few of 90 days", () => {
    expect(axisLabelStep(7, 8)).toBe(1);
    expect(axisLabelStep(90, 8)).toBe(12);
  });
});
