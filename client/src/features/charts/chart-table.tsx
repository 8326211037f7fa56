import { Badge, type BadgeTone } from "../../components/ui/badge";
import { cn } from "../../lib/cn";
import { formatChange, formatStreams, popularityPercent } from "./chart-format";
import { CHART_PERIOD_LABELS, type ChartEntry, type ChartPeriod } from "./charts.data";

/** Chart genre badge colours. */
const chartTones: Record<string, BadgeTone> = {
  Electronic: "blue",
  "Hip Hop": "amber",
  Pop: "pink",
  Indie: "primary",
  Acoustic: "secondary",
};

/** One period's chart as a real table, scrollable sideways on phones. */
export function ChartTable({ entries, period }: { entries: ChartEntry[]; period: ChartPeriod }) {
  return (
    // Scrolls sideways on phones, so it takes focus for keyboard scrolling.
    // biome-ignore lint/a11y/useSemanticElements: a section may not take focus; this region must
    <div
      role="region"
      className="relative overflow-x-auto rounded-xl border"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
      tabIndex={0}
      aria-label={`${CHART_PERIOD_LABELS[period]} chart table`}
    >
      <table className="w-full min-w-[720px] text-left text-sm">
        <caption className="sr-only">{CHART_PERIOD_LABELS[period]} chart</caption>
        <thead className="bg-muted/60 text-muted-foreground">
          <tr>
            {["Rank", "Title", "Artist", "Genre", "Streams", "Change", "Popularity"].map((column) => (
              <th key={column} scope="col" className="px-4 py-3 font-medium">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => {
            const change = formatChange(entry.change);
            const percent = popularityPercent(entry, entries);
            return (
              <tr key={entry.rank} className="border-t">
                <td className="px-4 py-3 font-bold text-lg">{entry.rank}</td>
                <td className="px-4 py-3 font-medium">{entry.title}</td>
                <td className="px-4 py-3 text-muted-foreground">{entry.artist}</td>
                <td className="px-4 py-3">
                  <Badge tone={chartTones[entry.genre] ?? "primary"}>{entry.genre}</Badge>
                </td>
                <td className="px-4 py-3 tabular-nums">{formatStreams(entry.streams)}</td>
                <td
                  className={cn(
                    "px-4 py-3 font-medium tabular-nums",
                    entry.change > 0 && "text-green-700 dark:text-green-400",
                    entry.change < 0 && "text-red-700 dark:text-red-400",
                  )}
                >
                  <span aria-hidden="true">{change.text}</span>
                  <span className="sr-only">{change.label}</span>
                </td>
                <td className="px-4 py-3">
                  <div className="h-2 w-28 overflow-hidden rounded-full bg-muted">
                    <div
                      aria-hidden="true"
                      className="h-full rounded-full bg-primary"
                      style={{ width: `${percent}%` }}
                    />
                  </div>
                  <span className="sr-only">{percent}%</span>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
