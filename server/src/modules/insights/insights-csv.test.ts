import type { InsightsReport } from "@waveform/contracts/insights";
import { describe, expect, it } from "vitest";
import { insightsCsv, visitorText } from "./insights-csv";

/** A report with nothing in it; each test fills the parts it needs. */
const emptyReport = (): InsightsReport => ({
  days: 7,
  from: "2026-11-21",
  to: "2026-11-27",
  daily: [],
  totals: { visitors: 0, pageViews: 0, downloads: 0, spotifySaves: 0 },
  topPages: [],
  topPlaylists: [],
  downloadsByDayAndApp: [],
  downloadsByApp: [],
  topEpisodes: [],
  playThrough: [],
  referrers: [],
  emptySearches: [],
  ads: [],
});

/** The data rows of one `# Name` section. */
const section = (csv: string, name: string) => {
  const lines = csv.split("\n");
  const at = lines.indexOf(`# ${name}`);
  expect(at, name).toBeGreaterThanOrEqual(0);
  const end = lines.findIndex((line, i) => i > at && line.startsWith("# "));
  return lines.slice(at + 2, end < 0 ? undefined : end).filter(Boolean);
};

describe("the insights CSV", () => {
  it("writes visitors' text that a spreadsheet would run as a formula with a leading apostrophe", () => {
    for (const text of ["=1+2", "+1", "-1", "@SUM(A1)", "\tx", "\rx"])
      expect(visitorText(text)).toBe(`'${text}`);
    for (const text of ["obscure band", "news.example", "/genres", "1+2="])
      expect(visitorText(text)).toBe(text);
  });

  it("defuses formulas in referrer domains, page paths and the titles feeds and editors wrote", () => {
    const report = emptyReport();
    // Hosts a referrer may name: `new URL("https://=1+2/").hostname` is "=1+2".
    report.referrers = [
      { domain: "=1+2", visits: 3 },
      { domain: "@sum(1)", visits: 2 },
      { domain: "news.example", visits: 1 },
    ];
    report.topPages = [
      { path: "=HYPERLINK(1)", views: 2, visitors: 1 },
      { path: "/genres", views: 1, visitors: 1 },
    ];
    report.topEpisodes = [{ episodeId: 7, title: "=2*3", showTitle: "+show", showSlug: "s", downloads: 4 }];
    report.playThrough = [
      { episodeId: 7, title: "-episode", showTitle: "@show", showSlug: "s", started: 2, listened30: 1 },
    ];
    report.topPlaylists = [{ playlistId: 3, title: "=cmd", views: 1, visitors: 1 }];
    report.emptySearches = [{ term: "=1+1", count: 2, lastSeen: "2026-11-27" }];
    const csv = insightsCsv(report);
    expect(section(csv, "Referrers")).toEqual(["'=1+2,3", "'@sum(1),2", "news.example,1"]);
    expect(section(csv, "Top pages")).toEqual(["'=HYPERLINK(1),2,1", "/genres,1,1"]);
    expect(section(csv, "Top episodes")).toEqual(["7,'=2*3,'+show,4"]);
    expect(section(csv, "Play-through")).toEqual(["7,'-episode,'@show,2,1"]);
    expect(section(csv, "Top playlists")).toEqual(["3,'=cmd,1,1"]);
    expect(section(csv, "Searches that found nothing")).toEqual(["'=1+1,2,2026-11-27"]);
    // No cell anywhere starts a formula.
    for (const line of csv.split("\n")) expect(line, line).not.toMatch(/(^|,)[=+@]/);
  });

  it("writes numbers as numbers (a negative count is not text) and empty parts as their header", () => {
    const report = emptyReport();
    report.daily = [{ day: "2026-11-27", visitors: 1, pageViews: 2, downloads: 0, spotifySaves: 0 }];
    const csv = insightsCsv(report);
    expect(section(csv, "Daily")).toEqual(["2026-11-27,1,2,0,0"]);
    expect(csv).toContain("# Referrers\ndomain,visits\n");
  });
});
