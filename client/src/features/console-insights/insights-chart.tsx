import { type CSSProperties, useEffect, useRef } from "react";
import { TableRegion } from "../../components/ui/table-region";
import { axisLabelStep, type ChartData, chartTable } from "./chart-data";
import "./insights-chart.css";

type ChartKind = "line" | "bars" | "horizontal-bars";

interface InsightsChartProps {
  id: string;
  title: string;
  kind: ChartKind;
  /** What the chart draws. */
  chart: ChartData;
  /** The same numbers as the table shows them (whole dates rather than the axis's short ones). */
  table?: ChartData;
  /** One sentence that says what the chart shows (GOV.UK: the point of the chart, in words). */
  summary: string;
}

const HEIGHT = 240;
/** The room a day's label ("Nov 21") needs along the axis, in pixels. */
const LABEL_PX = 64;

/** Bars thin out as there are more of them, so 90 days still fit a phone's width. */
const barWidth = (count: number) => (count <= 10 ? 16 : count <= 31 ? 7 : 3);

/**
 * Draws the chart with Chartist, loaded only when a console page draws one (decision 0023). The
 * server renders the figure's text and table; the drawing is the browser's, after hydration.
 */
function useChartist(kind: ChartKind, chart: ChartData) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    let detach = () => {};
    let cancelled = false;
    import("chartist").then(({ BarChart, LineChart }) => {
      if (cancelled) return;
      const data = { labels: chart.labels, series: chart.series.map((series) => series.values) };
      // Read as Chartist draws (again on every resize): as many labels as the width has room for.
      const everyStep = (label: string | number, index: number) => {
        const room = Math.max(2, Math.floor(element.clientWidth / LABEL_PX));
        return index % axisLabelStep(chart.labels.length, room) === 0 ? label : null;
      };
      const drawn =
        kind === "line"
          ? new LineChart(element, data, {
              height: HEIGHT,
              low: 0,
              fullWidth: true,
              showPoint: chart.labels.length <= 31,
              lineSmooth: false,
              chartPadding: { right: 40, left: 4 },
              axisX: { labelInterpolationFnc: everyStep, showGrid: false },
              axisY: { onlyInteger: true, offset: 44 },
            })
          : new BarChart(element, data, {
              height: kind === "horizontal-bars" ? Math.max(HEIGHT, chart.labels.length * 32) : HEIGHT,
              low: 0,
              horizontalBars: kind === "horizontal-bars",
              reverseData: kind === "horizontal-bars",
              chartPadding: { right: 40, left: 4 },
              axisX:
                kind === "horizontal-bars"
                  ? { onlyInteger: true }
                  : { labelInterpolationFnc: everyStep, showGrid: false },
              axisY:
                kind === "horizontal-bars"
                  ? { offset: 112, showGrid: false }
                  : { onlyInteger: true, offset: 44 },
            });
      detach = () => drawn.detach();
    });
    return () => {
      cancelled = true;
      detach();
      element.replaceChildren();
    };
  }, [kind, chart]);
  return ref;
}

/**
 * A chart as GOV.UK's guidance on charts asks: a title, a sentence saying what it shows, the
 * picture (named by that sentence for screen readers), and its numbers as a table.
 */
export function InsightsChart({ id, title, kind, chart, table = chart, summary }: InsightsChartProps) {
  const ref = useChartist(kind, chart);
  const { head, rows } = chartTable(table);
  const style = { "--chart-bar-width": `${barWidth(chart.labels.length)}px` } as CSSProperties;
  return (
    <figure
      aria-labelledby={`${id}-title`}
      className="insights-chart min-w-0 rounded-xl border bg-card p-4 sm:p-5"
    >
      <h3 id={`${id}-title`} className="font-semibold text-lg">
        {title}
      </h3>
      <figcaption className="mt-1 text-muted-foreground text-sm">{summary}</figcaption>
      {chart.series.length > 1 && (
        <ul aria-hidden="true" className="mt-3 flex flex-wrap gap-4 text-sm">
          {chart.series.map((series, index) => (
            <li key={series.name} className="flex items-center gap-2">
              <span
                className={`inline-block w-6 ${index === 0 ? "insights-chart-key-a" : "insights-chart-key-b"}`}
              />
              {series.name}
            </li>
          ))}
        </ul>
      )}
      <div
        ref={ref}
        role="img"
        aria-label={`${title}: ${summary}`}
        data-chart={id}
        className="mt-3 w-full"
        style={{
          ...style,
          minHeight: kind === "horizontal-bars" ? Math.max(HEIGHT, chart.labels.length * 32) : HEIGHT,
        }}
      />
      <details className="mt-3">
        <summary className="cursor-pointer font-medium text-sm">Show the numbers as a table</summary>
        <TableRegion label={`${title}: table`} className="mt-2 max-h-80 overflow-y-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{title}</caption>
            <thead className="bg-muted/50 text-muted-foreground">
              <tr>
                {head.map((cell) => (
                  <th key={cell} scope="col" className="px-3 py-2 font-medium">
                    {cell}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map(([label, ...cells]) => (
                <tr key={label} className="border-t">
                  <th scope="row" className="px-3 py-1.5 font-normal">
                    {label}
                  </th>
                  {cells.map((cell, index) => (
                    <td key={head[index + 1]} className="px-3 py-1.5 tabular-nums">
                      {cell}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      </details>
    </figure>
  );
}
