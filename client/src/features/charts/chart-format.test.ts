import { describe, expect, it } from "vitest";
import { chartToCsv, formatChange, formatStreams, popularityPercent } from "./chart-format";
import { CHART_PERIODS, charts } from "./charts.data";

describe("charts", () => {
  it("has ten entries ranked 1–10 in every period", () => {
    for (const period of CHART_PERIODS) {
      expect(charts[period].map((entry) => entry.rank)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    }
  });

  it("formats streams with thousands separators and movement as an arrow and a number", () => {
    expect(formatStreams(2845120)).toBe("2,845,120");
    expect(formatChange(3).text).toBe("↑ 3");
    expect(formatChange(-2).text).toBe("↓ 2");
    expect(formatChange(0).text).toBe("—");
  });

  it("scales popularity to the period's maximum", () => {
    const entries = charts.weekly;
    expect(popularityPercent(entries[0] as (typeof entries)[0], entries)).toBe(100);
    const last = entries[9] as (typeof entries)[0];
    expect(popularityPercent(last, entries)).toBe(Math.round((last.streams / 2845120) * 100));
  });

  it("writes CSV with a header and quotes fields that need it", () => {
    const csv = chartToCsv([
      { rank: 1, title: 'Say "Hi", Now', artist: "A", streams: 5, change: -1, genre: "Pop" },
    ]);
    expect(csv).toBe('Rank,Title,Artist,Genre,Streams,Change\n1,"Say ""Hi"", Now",A,Pop,5,-1\n');
  });
});
