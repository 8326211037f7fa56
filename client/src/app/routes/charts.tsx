import { Download, Share2 } from "lucide-react";
import { useState } from "react";
import { PageShell } from "../../components/layout/page-shell";
import { Badge, type BadgeTone } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/tabs";
import {
  chartToCsv,
  formatChange,
  formatStreams,
  popularityPercent,
} from "../../features/charts/chart-format";
import { CHART_PERIODS, type ChartEntry, type ChartPeriod, charts } from "../../features/charts/charts.data";
import { cn } from "../../lib/cn";
import { copyLink, downloadText } from "../../lib/share";

/** SPEC §9 chart badge colours. */
const chartTones: Record<string, BadgeTone> = {
  Electronic: "blue",
  "Hip Hop": "amber",
  Pop: "pink",
  Indie: "primary",
  Acoustic: "secondary",
};

const labels: Record<ChartPeriod, string> = { weekly: "Weekly", monthly: "Monthly", yearly: "Yearly" };

function ChartTable({ entries, period }: { entries: ChartEntry[]; period: ChartPeriod }) {
  return (
    // Scrolls sideways on phones, so it takes focus for keyboard scrolling.
    // biome-ignore lint/a11y/useSemanticElements: a section may not take focus; this region must
    <div
      role="region"
      className="overflow-x-auto rounded-xl border"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
      tabIndex={0}
      aria-label={`${labels[period]} chart table`}
    >
      <table className="w-full min-w-[720px] text-left text-sm">
        <caption className="sr-only">{labels[period]} chart</caption>
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

export function Component() {
  const [period, setPeriod] = useState<ChartPeriod>("weekly");
  return (
    <PageShell
      title="Music Charts - 2025"
      lead="Real-time charts that aggregate streams across several platforms, updated daily."
    >
      <Tabs value={period} onValueChange={(value) => setPeriod(value as ChartPeriod)} className="mt-8">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <TabsList aria-label="Chart period">
            {CHART_PERIODS.map((value) => (
              <TabsTrigger key={value} value={value}>
                {labels[value]}
              </TabsTrigger>
            ))}
          </TabsList>
          <div className="flex gap-2">
            <Button
              variant="outline"
              onClick={() => downloadText(`waveform-charts-${period}.csv`, chartToCsv(charts[period]))}
            >
              <Download aria-hidden="true" /> Download CSV
            </Button>
            <Button variant="outline" onClick={() => copyLink()}>
              <Share2 aria-hidden="true" /> Share Charts
            </Button>
          </div>
        </div>
        {CHART_PERIODS.map((value) => (
          <TabsContent key={value} value={value}>
            <ChartTable entries={charts[value]} period={value} />
          </TabsContent>
        ))}
      </Tabs>
    </PageShell>
  );
}
