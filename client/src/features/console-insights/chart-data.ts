import { type InsightsReport, LISTENING_APP_NAMES } from "@waveform/contracts/insights";
import { formatDate } from "../../lib/format";

/** One line (or set of bars) of a chart: its name and a value per label. */
interface ChartSeries {
  name: string;
  values: number[];
}

/**
 * What a chart shows, and so also its table (GOV.UK's guidance: every chart's numbers as a table,
 * and a sentence that says what it shows): the labels along one axis, the series along the other.
 */
export interface ChartData {
  /** The table's first column heading: what a label is ("Day", "App"). */
  labelHeading: string;
  labels: string[];
  series: ChartSeries[];
}

const numbers = new Intl.NumberFormat("en-US");
export const formatCount = (count: number) => numbers.format(count);

/** "Nov 21" for a day's label on an axis; the table says the whole date. */
const shortDay = (isoDay: string) => formatDate(isoDay).replace(/, \d{4}$/, "");

/** The chart's numbers as table rows: a label, then one cell per series. */
export function chartTable(data: ChartData): { head: string[]; rows: string[][] } {
  return {
    head: [data.labelHeading, ...data.series.map((series) => series.name)],
    rows: data.labels.map((label, index) => [
      label,
      ...data.series.map((series) => formatCount(series.values[index] ?? 0)),
    ]),
  };
}

/** Every `step`-th label is written on a chart's axis, so a 90-day axis stays readable on a phone. */
export const axisLabelStep = (count: number, room: number) => Math.max(1, Math.ceil(count / room));

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

/** The index of the largest value (the first of equals), or -1 when every value is 0. */
function peakIndex(values: number[]): number {
  let peak = -1;
  values.forEach((value, index) => {
    if (value > 0 && (peak < 0 || value > (values[peak] ?? 0))) peak = index;
  });
  return peak;
}

const period = (report: InsightsReport) => `the last ${report.days} days`;

/** Visitors and page views per day. */
export function dailyChart(report: InsightsReport, forTable = false): ChartData {
  return {
    labelHeading: "Day",
    labels: report.daily.map((day) => (forTable ? formatDate(day.day) : shortDay(day.day))),
    series: [
      { name: "Page views", values: report.daily.map((day) => day.pageViews) },
      { name: "Visitors", values: report.daily.map((day) => day.visitors) },
    ],
  };
}

export function dailySummary(report: InsightsReport): string {
  const views = report.daily.map((day) => day.pageViews);
  const peak = peakIndex(views);
  const busiest = report.daily[peak];
  if (!busiest) return `No page views were counted in ${period(report)}.`;
  return (
    `${formatCount(sum(views))} page views and ${formatCount(sum(report.daily.map((day) => day.visitors)))} ` +
    `visitors (each day's added up) in ${period(report)}; the busiest day was ` +
    `${formatDate(busiest.day)}, with ${formatCount(busiest.pageViews)} page views.`
  );
}

/** Episode downloads per day. */
export function downloadsChart(report: InsightsReport, forTable = false): ChartData {
  return {
    labelHeading: "Day",
    labels: report.daily.map((day) => (forTable ? formatDate(day.day) : shortDay(day.day))),
    series: [{ name: "Downloads", values: report.daily.map((day) => day.downloads) }],
  };
}

export function downloadsSummary(report: InsightsReport): string {
  const downloads = report.daily.map((day) => day.downloads);
  const busiest = report.daily[peakIndex(downloads)];
  if (!busiest) return `No episode downloads were counted in ${period(report)}.`;
  return (
    `${formatCount(sum(downloads))} episode downloads in ${period(report)}; the most on ` +
    `${formatDate(busiest.day)} (${formatCount(busiest.downloads)}).`
  );
}

/** Episode downloads over the period per listening app. */
export function appsChart(report: InsightsReport): ChartData {
  return {
    labelHeading: "App",
    labels: report.downloadsByApp.map((row) => LISTENING_APP_NAMES[row.app]),
    series: [{ name: "Downloads", values: report.downloadsByApp.map((row) => row.downloads) }],
  };
}

export function appsSummary(report: InsightsReport): string {
  const downloads = report.downloadsByApp.map((row) => row.downloads);
  const total = sum(downloads);
  const top = report.downloadsByApp[peakIndex(downloads)];
  if (!top) return `No downloads in ${period(report)}, so no listening apps to compare.`;
  const share = Math.round((top.downloads / total) * 100);
  return (
    `Most downloads came from ${LISTENING_APP_NAMES[top.app]}: ${formatCount(top.downloads)} of ` +
    `${formatCount(total)} (${share} %).`
  );
}

/** "42 %" of `part` in `whole`, or "–" when there is no whole to share. */
export function percent(part: number, whole: number): string {
  return whole > 0 ? `${Math.round((part / whole) * 100)} %` : "–";
}
